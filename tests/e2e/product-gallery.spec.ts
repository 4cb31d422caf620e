import { appStarted } from './support/app-start';
import { expect, test } from './support/fixtures';

// On a phone the product's pictures are swiped, and a tap opens one full screen where
// it zooms; Escape or the close button brings the shopper back to where they were.
test.use({ viewport: { width: 360, height: 740 } });

test('a shopper swipes between the pictures and taps one to zoom it at 360 px', async ({ page }) => {
  const response = await page.request.get('/api/products?sort=id&order=asc&limit=1');
  const [product] = (await response.json()).data as { name: string; slug: string; images: string[] }[];
  const count = 1 + product!.images.length;
  expect(count).toBeGreaterThan(1);

  await page.goto(`/product/${product!.slug}`);
  await appStarted(page);
  const gallery = page.getByRole('region', { name: `Images of ${product!.name}` });
  const dot = (position: number) =>
    gallery.getByRole('button', { name: `Show image ${position} of ${count}` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');

  // A finger swipes the picture from right to left: touch events through Chromium's input path.
  const picture = gallery.getByRole('button', { name: `Zoom in on image 1 of ${count}` });
  const box = (await picture.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(box.y + box.height / 2);
  const from = Math.round(box.x + box.width * 0.8);
  const to = Math.round(box.x + box.width * 0.15);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 10; step++) {
    const x = Math.round(from + ((to - from) * step) / 10);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('img', { name: `${product!.name}, image 2 of ${count}` })).toBeInViewport();

  // The page itself never pans sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await gallery.getByRole('button', { name: `Zoom in on image 2 of ${count}` }).tap();
  const zoom = page.getByRole('dialog', { name: `${product!.name}, zoomed` });
  await expect(zoom).toBeVisible();
  await expect(zoom.getByText(`Image 2 of ${count}`)).toBeVisible();
  expect((await zoom.boundingBox())?.width).toBe(360);

  const zoomedImage = zoom.getByRole('img', { name: `${product!.name}, image 2 of ${count}` });
  const before = (await zoomedImage.boundingBox())!.width;
  expect(before).toBeLessThanOrEqual(360);
  await zoom.getByRole('button', { name: 'Zoom in' }).tap();
  await expect(zoom.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
  expect((await zoomedImage.boundingBox())!.width).toBeGreaterThan(before * 2);

  // Focus stays inside the full-screen view (the page behind is inert).
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press('Tab');
    expect(await zoom.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(gallery.getByRole('button', { name: `Zoom in on image 2 of ${count}` })).toBeFocused();

  // Keyboard: the arrow keys step through the pictures.
  await page.keyboard.press('ArrowRight');
  await expect(dot(count > 2 ? 3 : 1)).toHaveAttribute('aria-current', 'true');
});
