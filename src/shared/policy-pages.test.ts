import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from './page-routes';
import { POLICY_PAGES, policyPageAt } from './policy-pages';
import { telLink } from './store-links';

describe('the policy pages', () => {
  it('finds a policy page by its path, with or without a trailing slash, and nothing else', () => {
    expect(policyPageAt('/policies/returns')).toBe(POLICY_PAGES.returns);
    expect(policyPageAt('/contact/')).toBe(POLICY_PAGES.contact);
    expect(policyPageAt('/policies')).toBeUndefined();
    expect(policyPageAt('/policies/cookies')).toBeUndefined();
    expect(policyPageAt('/')).toBeUndefined();
  });

  it('counts the policy pages as pages of the store, so they are answered with 200', () => {
    expect(isKnownPagePath('/policies/shipping')).toBe(true);
    expect(isKnownPagePath('/contact')).toBe(true);
    expect(isKnownPagePath('/policies/cookies')).toBe(false);
  });

  it('dials a phone number as written, keeping only the + and the digits', () => {
    expect(telLink('+91 80 4567 8900')).toBe('tel:+918045678900');
    expect(telLink('022-6000-5678')).toBe('tel:02260005678');
  });
});
