import { AppError } from './errors.js';

// Every JSON body's nesting is bounded before it is parsed (issue 18 item 12): the deepest body a
// route takes is a filter (MAX_FILTER_DEPTH 5 groups, about 13 levels) or a wizard draft (under 10);
// a body thousands of levels deep would otherwise reach recursive code (JSON.stringify, the schema
// check) and overflow its stack, a 500.

/** The deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

export const jsonTooDeep = () =>
  new AppError(
    400,
    'Bad Request',
    `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`,
    undefined,
    'jsonTooDeep',
    { max: MAX_JSON_DEPTH },
  );

/** True when `text` (JSON, well-formed or not) opens more than `max` objects or arrays at once. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
