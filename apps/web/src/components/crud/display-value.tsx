import type { ReactNode } from 'react';

/** A cell or details value: nothing shown as an en dash, numbers and text as they are. */
export function displayValue(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  return value as ReactNode;
}
