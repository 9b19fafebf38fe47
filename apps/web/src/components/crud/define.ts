import type { TFilterOperator } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
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

export type TFieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'number'
  | 'textarea'
  | 'select'
  | 'picklist'
  | 'date'
  | 'instant'
  | 'checkbox'
  | 'custom';

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
  defaultValue?: string | number | boolean;
  /**
   * An `instant` field's zone (IANA): the value is an instant (UTC ISO text), entered and shown as
   * this zone's wall clock, the label naming the zone (an intake's deadline in Malaysia's time).
   */
  timeZone?: string;
  /** Shown after a number, e.g. months. */
  unit?: string;
  /** Spans both columns of the form on wide screens. */
  wide?: boolean;
  /** Changing this field empties these (a course picker that depends on the university). */
  resets?: string[];
  /** The input of a `custom` field; it sees every value of the form. */
  component?: ComponentType<TCustomFieldProps>;
};

/** What a `custom` form field gets: its own value and label, and the whole form's values. */
export type TCustomFieldProps = {
  field: TFormField;
  label: string;
  value: unknown;
  values: Record<string, unknown>;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  required: boolean;
};

/**
 * A button on every row (e.g. download its PDF): an icon with an accessible name from the row; with
 * `to`, a link to another screen instead (e.g. a course's intakes, the filter in the address).
 */
export type TRowAction = {
  /** i18n key of the button's name; gets the row's fields as interpolation values. */
  label: string;
  icon: ReactNode;
  onClick?: (row: TRow, ctx: TRenderContext) => void | Promise<void>;
  to?: (row: TRow) => string;
};

/** Where the form saves: by default POST {base}/add and POST {base}/update with the id. */
export type TSaveRoutes = { add: string; update: (id: number) => { method: 'POST' | 'PUT'; path: string } };

/**
 * A toolbar button acting on the selected row after a confirmation (e.g. Disable / Enable an
 * account). Texts are 'namespace.path' keys; `params` fills the confirmation's placeholders.
 */
export type TSelectionAction = {
  label: string;
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color?: string;
  /** Whether the selected row allows it (default: any row); otherwise the button is disabled. */
  available?: (row: TRow) => boolean;
  confirm: { title: string; text: string; params?: (row: TRow) => Record<string, unknown> };
  run: (row: TRow) => Promise<unknown>;
  /** Notification keys: success, and failure with `{{message}}`. */
  done: string;
  failed: string;
};

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
  /**
   * A second filter beside the first: a choice among fixed values on `field` (EQ), applied at once
   * and kept in the address as `param` (so it must not be personal data); '' shows every row.
   */
  choiceFilter?: {
    field: string;
    param: string;
    label: string;
    options: readonly { value: string; label: string }[];
    /**
     * More choices: the rows of another resource (their ids), after `options` (which then holds
     * the "every row" choice). A link from that resource's screen lands here with one chosen.
     */
    picklist?: TPicklist;
    /** A new item starts with the chosen row's id in this form field. */
    fills?: string;
  };
  columns: TDisplayField[];
  /** The shared zod input schema: the form validates with it and saves what it outputs. */
  schema?: z.ZodObject;
  form?: TFormField[];
  save?: TSaveRoutes;
  /** A read-only details panel for the selected row. */
  details?: TDisplayField[];
  /** A read-only details view of its own for the selected row (instead of `details`). */
  detailsView?: ComponentType<{ row: TRow }>;
  /** Buttons in an Actions column on every row. */
  rowActions?: TRowAction[];
  /**
   * Add starts from the selected row (its values, without the id); Add then needs a selection
   * (e.g. a new course application for the selected row's student).
   */
  addFromSelection?: (selected: TRow) => Record<string, unknown>;
  /** Add and Edit open this page instead of the modal form (`?studentId=` style, DESIGN 6). */
  formPage?: { path: string; idParam: string };
  /** Rows are people: the filter (a name) is kept out of the address (DESIGN 5). */
  personal?: boolean;
  /** Which buttons the screen offers; all three by default. */
  actions?: { add?: boolean; edit?: boolean; delete?: boolean };
  /** Further toolbar buttons acting on the selected row, after the standard ones. */
  selectionActions?: TSelectionAction[];
};

export function defineCrud(definition: TCrudDefinition): TCrudDefinition {
  return definition;
}

/**
 * The i18n namespaces a screen's texts come from: crud, catalogue, and each one a column's, a
 * detail's or the choice filter's label names ('dashboard.agent.progressColumn': dashboard), so they are loaded first.
 */
export function namespacesOf(definition: TCrudDefinition): string[] {
  const choice = definition.choiceFilter;
  const labels = [
    ...[...definition.columns, ...(definition.details ?? [])].map((f) => f.label ?? ''),
    ...(choice ? [choice.label, ...choice.options.map((o) => o.label)] : []),
  ];
  const named = labels.map((key) => key.slice(0, Math.max(key.indexOf('.'), 0))).filter(Boolean);
  return [...new Set(['crud', 'catalogue', ...named])];
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
