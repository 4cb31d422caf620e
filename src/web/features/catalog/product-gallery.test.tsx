import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { galleryImages, ProductGallery, wrapIndex } from './product-gallery';
import { PLACEHOLDER_IMAGE } from './product-image';

afterEach(cleanup);

const images = ['/a.svg', '/b.svg', '/c.svg'];
/** The image the dots say is shown (all images sit in one swipeable strip). */
const shownImage = () => {
  const dot = screen
    .getAllByRole('button', { name: /^Show image/ })
    .find((button) => button.getAttribute('aria-current') === 'true')!;
  const position = /Show image (\d+)/.exec(dot.getAttribute('aria-label') ?? '')![1];
  return screen.getByRole('img', { name: `Diya Set, image ${position} of 3` });
};

describe('wrapIndex', () => {
  it('wraps in both directions', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it('lists the main image first, then extra images without blanks or repeats, or the placeholder', () => {
    expect(galleryImages({ image: '/a.svg', images: ['/b.svg', '', '/a.svg', '/c.svg'] })).toEqual(images);
    expect(galleryImages({ image: '', images: [] })).toEqual(['/placeholder-product.svg']);
  });
});

describe('ProductGallery', () => {
  it("serves only the main picture, marked for the app's start, and keeps the other pictures for the app", () => {
    const html = renderToString(<ProductGallery images={images} name="Diya Set" />);
    const pictures = html.match(/<img [^>]*>/g) ?? [];
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain('src="/a.svg"');
    expect(pictures[0]).toMatch(/fetchpriority="high"/i);
    expect(pictures[0]).toContain('elementtiming="main-picture"');
  });

  it('shows every picture and thumbnail once the app renders it', () => {
    render(<ProductGallery images={images} name="Diya Set" />);
    expect(screen.getAllByRole('img', { name: /^Diya Set, image/ })).toHaveLength(3);
    const thumbnails = within(screen.getByRole('list', { name: 'Thumbnails' }));
    expect(
      thumbnails
        .getAllByRole('button', { name: /^View image/ })
        .map((b) => b.querySelector('img')?.getAttribute('src')),
    ).toEqual(images);
  });

  it('goes from the last image to the first with Next and from the first to the last with Previous', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Diya Set" />);
    expect(shownImage().getAttribute('src')).toBe('/a.svg');
    expect(shownImage().getAttribute('alt')).toBe('Diya Set, image 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shownImage().getAttribute('src')).toBe('/c.svg');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownImage().getAttribute('src')).toBe('/a.svg');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownImage().getAttribute('src')).toBe('/c.svg');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownImage().getAttribute('src')).toBe('/a.svg');
  });

  it('jumps to an image from its dot or its thumbnail', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Diya Set" />);
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(shownImage().getAttribute('src')).toBe('/b.svg');
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'View image 3' }));
    expect(shownImage().getAttribute('src')).toBe('/c.svg');
    expect(screen.getByRole('button', { name: 'View image 3' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('loads the first image eagerly with high priority and gives every image a size', () => {
    render(<ProductGallery images={images} name="Diya Set" />);
    const main = shownImage();
    expect(main.getAttribute('loading')).toBe('eager');
    expect(screen.getByRole('img', { name: 'Diya Set, image 2 of 3' }).getAttribute('loading')).toBe('lazy');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    for (const image of document.querySelectorAll('img')) {
      expect(image.getAttribute('width')).toMatch(/^\d+$/);
      expect(image.getAttribute('height')).toMatch(/^\d+$/);
    }
  });

  it('shows no arrows for a single image, and the placeholder when it fails to load', () => {
    render(<ProductGallery images={['/broken.svg']} name="Diya Set" />);
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    const image = screen.getByRole('img', { name: 'Diya Set' });
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it('offers an uploaded image in each width it was stored at, and drops the srcset with the placeholder', () => {
    render(<ProductGallery images={['/uploads/products/p521-m3x9k2-600.webp']} name="Diya Set" />);
    const image = screen.getByRole('img', { name: 'Diya Set' });
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/products/p521-m3x9k2-300.webp 300w, /uploads/products/p521-m3x9k2-600.webp 600w',
    );
    expect(image.getAttribute('sizes')).toBe('(min-width: 768px) 560px, 100vw');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(image.getAttribute('srcset')).toBeNull();
  });

  it('steps through the images with the left and right arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Diya Set" />);
    await user.click(screen.getByRole('button', { name: 'View image 1' }));
    await user.keyboard('{ArrowLeft}');
    expect(shownImage().getAttribute('src')).toBe('/c.svg');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shownImage().getAttribute('src')).toBe('/b.svg');
  });

  it('opens a tapped image full screen, zooms it on a tap and closes with the close button', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Diya Set" />);
    await user.click(screen.getByRole('button', { name: 'Zoom in on image 2 of 3' }));
    const zoom = screen.getByRole('dialog', { name: 'Diya Set, zoomed' });
    expect(within(zoom).getByText('Image 2 of 3')).toBeTruthy();
    expect(within(zoom).getByRole('img', { name: 'Diya Set, image 2 of 3' }).getAttribute('src')).toBe(
      '/b.svg',
    );

    const zoomIn = within(zoom).getByRole('button', { name: 'Zoom in' });
    expect(zoomIn.getAttribute('aria-pressed')).toBe('false');
    await user.click(zoomIn);
    expect(within(zoom).getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe('true');

    // Its own arrows move both it and the gallery behind it.
    await user.click(within(zoom).getByRole('button', { name: 'Next image' }));
    expect(within(zoom).getByText('Image 3 of 3')).toBeTruthy();
    expect(within(zoom).getByRole('button', { name: 'Zoom in' })).toBeTruthy();
    await user.click(within(zoom).getByRole('button', { name: 'Close zoomed image' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shownImage().getAttribute('src')).toBe('/c.svg');
  });

  it('closes the full-screen view with Escape', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Diya Set" />);
    await user.click(screen.getByRole('button', { name: 'Zoom in on image 1 of 3' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
