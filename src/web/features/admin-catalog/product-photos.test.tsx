import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movePhoto, ProductPhotos } from './product-photos';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The photo manager as the form holds it: the list in state, each change reported. */
function Harness({ start, changes }: { start: string[]; changes: string[][] }) {
  const [images, setImages] = useState(start);
  return (
    <ProductPhotos
      images={images}
      productName="Brass Diya"
      onChange={(next) => {
        changes.push(next);
        setImages(next);
      }}
    />
  );
}

const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Photos in order' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('src'));

describe('movePhoto', () => {
  it('moves one photo and keeps the others in order', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});

describe('ProductPhotos', () => {
  it('uploads photos before the product is saved and adds them in the order chosen', async () => {
    const user = userEvent.setup();
    let uploads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        expect(String(input)).toBe('/api/admin/product-images');
        uploads += 1;
        return new Response(JSON.stringify({ image: `/uploads/products/new-${uploads}-600.webp` }), {
          status: 200,
        });
      }),
    );
    const changes: string[][] = [];
    render(<Harness start={[]} changes={changes} />);
    expect(screen.getByText('No photos yet.')).toBeTruthy();

    const files = ['one.png', 'two.png'].map((name) => new File(['x'], name, { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Add photos (JPEG, PNG or WebP, up to 5 MB each)'), files);
    expect(await screen.findByText('2 photos added.')).toBeTruthy();
    expect(shownOrder()).toEqual(['/uploads/products/new-1-600.webp', '/uploads/products/new-2-600.webp']);
    expect(screen.getByText('Main photo')).toBeTruthy();
  });

  it('reorders with the keyboard through the buttons, and announces it', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(<Harness start={['/a.webp', '/b.webp', '/c.webp']} changes={changes} />);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toHaveProperty('disabled', true);

    screen.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
    await user.keyboard('{Enter}');
    expect(shownOrder()).toEqual(['/a.webp', '/c.webp', '/b.webp']);
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(shownOrder()).toEqual(['/c.webp', '/a.webp', '/b.webp']);
    expect(screen.getByRole('status').textContent).toBe('Photo 2 moved to position 1, now the main photo.');

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(shownOrder()).toEqual(['/c.webp', '/b.webp']);
    expect(changes.at(-1)).toEqual(['/c.webp', '/b.webp']);
    expect(screen.getByRole('status').textContent).toBe('Photo 2 removed.');
  });

  it('reorders by dragging a photo onto another’s place', () => {
    const changes: string[][] = [];
    render(<Harness start={['/a.webp', '/b.webp', '/c.webp']} changes={changes} />);
    const items = within(screen.getByRole('list', { name: 'Photos in order' })).getAllByRole('listitem');
    fireEvent.dragStart(items[0]!);
    fireEvent.dragOver(items[2]!);
    fireEvent.drop(items[2]!);
    expect(shownOrder()).toEqual(['/b.webp', '/c.webp', '/a.webp']);
  });

  it('refuses a photo over 5 MB before uploading it', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<Harness start={[]} changes={[]} />);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Add photos (JPEG, PNG or WebP, up to 5 MB each)'), big);
    expect(await screen.findByText('big.jpg is larger than 5 MB. Please upload a smaller one.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
