import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startupNotices } from './startup-notices';

describe('startupNotices', () => {
  it('warns to set PUBLIC_URL, naming the listening address links fall back to', () => {
    const [warning] = startupNotices(loadConfig({ PORT: '8080' })).filter((line) =>
      line.includes('PUBLIC_URL'),
    );
    expect(warning).toMatch(
      /^Warning: PUBLIC_URL is not set, so canonical links, the sitemap and robots\.txt point at http:\/\/localhost:8080 /,
    );
    expect(startupNotices(loadConfig({ HOST: '127.0.0.1', PORT: '8080' })).join('\n')).toContain(
      'point at http://127.0.0.1:8080 ',
    );
  });

  it('says nothing of links when PUBLIC_URL is set', () => {
    const notices = startupNotices(loadConfig({ PUBLIC_URL: 'https://www.example.in' }));
    expect(notices.join('\n')).not.toContain('PUBLIC_URL is not set');
  });
});
