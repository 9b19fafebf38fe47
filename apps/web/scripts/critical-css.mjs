// The CSS a prerendered first screen uses (scripts/prerender.mjs): of the app's stylesheets, the
// rules whose selectors match an element of the page, so the page can carry them inline and paint
// without waiting for the whole stylesheet (docs/decisions.md "The first screens' CSS is inline").
// A rule is kept when it could apply to the page as drawn or as a visitor changes it: states a
// visitor or src/first-screen.ts sets (hover, focus, checked, ...) and pseudo-elements are ignored
// when matching, every media query is kept (any width), and a selector the matcher cannot read is
// kept. What is dropped matches no element of the page in any state: the same page with the whole
// stylesheet looks the same (e2e/public/prerendered.spec.ts compares them).
import { JSDOM } from 'jsdom';
import postcss from 'postcss';

/** Pseudo-classes of a state the page can enter after it is drawn: matched as if they held. */
const STATES = [
  'hover',
  'active',
  'focus',
  'focus-visible',
  'focus-within',
  'visited',
  'link',
  'any-link',
  'target',
  'checked',
  'indeterminate',
  'default',
  'enabled',
  'disabled',
  'placeholder-shown',
  'autofill',
  '-webkit-autofill',
  'valid',
  'invalid',
  'user-valid',
  'user-invalid',
  'in-range',
  'out-of-range',
  'required',
  'optional',
  'read-only',
  'read-write',
  'open',
  'popover-open',
  'modal',
  'fullscreen',
];
const STATE_SOURCE = `:(?:${STATES.join('|')})(?![\\w-])`;
const STATE = new RegExp(STATE_SOURCE, 'g');
const HAS_STATE = new RegExp(STATE_SOURCE);
/** Pseudo-elements (`::before`, `::placeholder`, `::-webkit-…`, and the old one-colon forms). */
const PSEUDO_ELEMENT = /::?(?:before|after|first-line|first-letter)(?![\w-])|::[\w-]+(?:\([^)]*\))?/g;

/**
 * The selector to look for in the page, or null when only keeping the rule is safe: a state under
 * `:not()` (or `:has()`) would be turned around by dropping it.
 */
export function selectorToMatch(selector) {
  if (/:(?:not|has)\([^)]*:/.test(selector) && HAS_STATE.test(selector)) return null;
  const stripped = selector
    // A compound that is only a pseudo (`:hover`, `::before`) stands for any element.
    .replace(/(^|[\s>+~(,])(?=:)/g, '$1*')
    .replace(PSEUDO_ELEMENT, '')
    .replace(STATE, '')
    .trim();
  return stripped === '' ? '*' : stripped;
}

/** The rules of `css` that may apply to the page `html`, in their order, with their at-rules. */
export function criticalCss(html, css) {
  const { document } = new JSDOM(html).window;
  const matched = new Map();
  const matches = (selector) => {
    const target = selectorToMatch(selector);
    if (target === null) return true;
    if (!matched.has(target)) {
      let found;
      try {
        found = document.querySelector(target) !== null;
      } catch {
        // A selector the matcher does not know (`:host(...)`, a new pseudo-class): kept.
        found = true;
      }
      matched.set(target, found);
    }
    return matched.get(target);
  };

  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframes' steps (`from`, `50%`) are not selectors; nested rules go with their parent's.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    if (rule.parent?.type === 'rule') return;
    if (!rule.selectors.some(matches)) rule.remove();
  });

  // Keyframes only when a kept rule names them.
  const animations = new Set();
  root.walkDecls(/^(?:-webkit-)?animation(?:-name)?$/i, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules(/keyframes$/i, (atRule) => {
    if (!animations.has(atRule.params.trim())) atRule.remove();
  });

  // Custom properties only when something kept, or the page itself (its inline styles and
  // Mantine's <style> of CSS variables), reads them, directly or through another one.
  const definitions = new Map();
  const define = (name, value) => definitions.set(name, `${definitions.get(name) ?? ''} ${value}`);
  root.walkDecls(/^--/, (decl) => define(decl.prop, decl.value));
  for (const [, name, value] of html.matchAll(/(--[\w-]+)\s*:\s*([^;}"]*)/g)) define(name, value);
  const used = new Set();
  const pending = [];
  const read = (text) => {
    for (const [, name] of text.matchAll(/var\(\s*(--[\w-]+)/g))
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
  };
  read(html);
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) read(decl.value);
  });
  while (pending.length) read(definitions.get(pending.pop()) ?? '');
  root.walkDecls(/^--/, (decl) => {
    if (!used.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });

  // At-rules left empty (`@media` of dropped rules, and so on outward); `@layer a, b;` stays.
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}
