import type { TResource, TResourceExtension } from './define.js';
import { extendResource } from './define.js';
import { resources, type TResourceBase } from './definitions/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's resources, with what its modules added (app.ts). */
    resources: ResourceRegistry;
  }
}

/**
 * One app's resources. The definitions are shared data; modules extend an app's copies with their
 * hooks (app.ts registers them before the resource routes), so resources never import a module.
 */
export class ResourceRegistry {
  readonly #byBase = new Map<TResourceBase, TResource>(
    Object.entries(resources) as [TResourceBase, TResource][],
  );
  #sealed = false;

  get(base: TResourceBase): TResource {
    return this.#byBase.get(base)!;
  }

  /** Adds a module's hooks to a resource; only before its routes are registered. */
  extend(base: TResourceBase, extension: TResourceExtension): void {
    if (this.#sealed) throw new Error(`resources: ${base} extended after its routes were registered`);
    this.#byBase.set(base, extendResource(this.get(base), extension));
  }

  /** Every resource, final: later extensions are refused. */
  seal(): TResource[] {
    this.#sealed = true;
    return [...this.#byBase.values()];
  }
}
