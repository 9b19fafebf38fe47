import type { TFilterOperator } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { z } from 'zod';

// A maintenance screen is data (STYLE: "A resource is data, not a copied screen"): the generic
// screen in this folder reads a definition and does the rest. Texts are i18n keys written as
// 'namespace.path' (e.g. 'catalogue.university.title'), like the shared schemas' messages.

/** A row as the resource API returns it: an id and whatever the resource selects. */
export type TRow = { id: number } & Record<string, unknown>;

export type TRenderContext = { t: TFunction; language: string };

/** A grid column or a details line: a dotted path into the row, a title key, an optional renderer. */
export type TDisplayField = {
  /** Dotted path, e.g. 'course.name'; also the column's accessor. */
  path: string;
  /** Defaults to 'catalogue.fields.<path>'. */
  label?: string;
  render?: (row: TRow, ctx: TRenderContext) => ReactNode;
  /**
   * Share of the grid's width against the other columns (default 1): more for names and e-mails.
   * On a phone every cell stays on one line and the grid scrolls sideways instead.
   */
  width?: number;
};

/** A picklist filled from another resource's `allAsync` (spec 8: 'Failed to load … for picklist'). */
export type TPicklist = {
  base: string;
  /** Key of the alert shown when the list cannot be loaded. */
  failure: string;
  /** Option text; defaults to the row's name. */
  optionLabel?: (row: TRow) => string;
};

export type TFieldKind = 'text' | 'email' | 'url' | 'number' | 'textarea' | 'select' | 'picklist';

export type TFormField = {
  /** The schema key the value is saved under. */
  name: string;
  kind?: TFieldKind;
  /** Defaults to 'catalogue.fields.<name>'. */
  label?: string;
  /** Fixed choices of a select: the wire value and the label key. */
  options?: readonly { value: number | string; label: string }[];
  picklist?: TPicklist;
  /** Value of a new item (e.g. the first currency). */
  defaultValue?: string | number;
  /** Shown after a number, e.g. months. */
  unit?: string;
  /** Spans both columns of the form on wide screens. */
  wide?: boolean;
};

/** Where the form saves: by default POST {base}/add and POST {base}/update with the id. */
export type TSaveRoutes = { add: string; update: (id: number) => { method: 'POST' | 'PUT'; path: string } };

export type TCrudDefinition = {
  base: string;
  /** Screen title key, e.g. 'University Maintenance'. */
  title: string;
  /** Form titles, e.g. 'Add University' / 'Edit University'. */
  addTitle?: string;
  editTitle?: string;
  /**
   * The list's filter: a text field on `field`, or with `options` a choice among fixed values
   * (the empty value shows every row); `label` replaces "Filter by Name".
   */
  filter: {
    field: string;
    operator: TFilterOperator;
    label?: string;
    options?: readonly { value: string; label: string }[];
  };
  columns: TDisplayField[];
  /** The shared zod input schema: the form validates with it and saves what it outputs. */
  schema?: z.ZodObject;
  form?: TFormField[];
  save?: TSaveRoutes;
  /** A read-only details panel for the selected row. */
  details?: TDisplayField[];
  /** Add and Edit open this page instead of the modal form (`?studentId=` style, DESIGN 6). */
  formPage?: { path: string; idParam: string };
  /** Rows are people: the filter (a name) is kept out of the address (DESIGN 5). */
  personal?: boolean;
  /** Which buttons the screen offers; all three by default. */
  actions?: { add?: boolean; edit?: boolean; delete?: boolean };
};

export function defineCrud(definition: TCrudDefinition): TCrudDefinition {
  return definition;
}

/** Resources with their own add and update paths: POST {base}/{add}, PUT {base}/{update}/{id}. */
export const ownSaveRoutes = (add: string, update: string): TSaveRoutes => ({
  add,
  update: (id) => ({ method: 'PUT', path: `${update}/${id}` }),
});

/** The value at a dotted path ('course.level.name'), or undefined. */
export function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export const labelKey = (field: { path?: string; name?: string; label?: string }) =>
  field.label ?? `catalogue.fields.${field.path ?? field.name}`;
