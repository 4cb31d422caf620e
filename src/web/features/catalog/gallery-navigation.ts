import type { KeyboardEvent } from 'react';

/** SPEC 2: the gallery's index wraps around in both directions. */
export const wrapIndex = (index: number, length: number) =>
  length <= 0 ? 0 : ((index % length) + length) % length;

/** The alternative text of one of a product's images. */
export const imageAlt = (name: string, position: number, count: number) =>
  count > 1 ? `${name}, image ${position + 1} of ${count}` : name;

/** Left and right arrow keys step through the images, wrapping like the buttons. */
export function stepForKey(event: KeyboardEvent): -1 | 1 | 0 {
  if (event.key === 'ArrowLeft') return -1;
  if (event.key === 'ArrowRight') return 1;
  return 0;
}
