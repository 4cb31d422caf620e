import { describe, expect, it } from 'vitest';
import {
  COD_MESSAGES,
  type CodFacts,
  CodPincodes,
  codOpenOrderMessage,
  codPincodeMessage,
  codRefusal,
  codRulesFromRupees,
} from './cash-on-delivery';

// Decision 0042: the one rule the payment page's answer and create-order share.
const rules = codRulesFromRupees({
  codEnabled: true,
  codMaxOrderValue: 3000,
  codFee: 49,
  codPincodes: '560, 110001',
});
const fine: CodFacts = {
  orderValuePaise: 300_000,
  pincode: '560038',
  hasPreOrder: false,
  hasPersonalised: false,
  isQuote: false,
  phoneVerified: true,
  openCodOrder: null,
};

describe('codRefusal', () => {
  it('allows an order up to the maximum at a listed pincode or prefix', () => {
    expect(codRefusal(rules, fine)).toBeNull();
    expect(codRefusal(rules, { ...fine, pincode: '110001' })).toBeNull();
  });

  it('says why not, the order’s own reasons before the account’s', () => {
    expect(codRefusal({ ...rules, enabled: false }, fine)).toBe(COD_MESSAGES.off);
    expect(codRefusal(rules, { ...fine, orderValuePaise: 300_001 })).toBe(
      'Cash on delivery is for orders up to ₹3,000. Please pay online.',
    );
    expect(codRefusal(rules, { ...fine, pincode: '110002' })).toBe(codPincodeMessage('110002'));
    expect(codRefusal(rules, { ...fine, hasPreOrder: true, phoneVerified: false })).toBe(
      COD_MESSAGES.preOrder,
    );
    expect(codRefusal(rules, { ...fine, hasPersonalised: true })).toBe(COD_MESSAGES.personalised);
    expect(codRefusal(rules, { ...fine, isQuote: true })).toBe(COD_MESSAGES.quote);
    expect(codRefusal(rules, { ...fine, openCodOrder: 'RG-10001', phoneVerified: false })).toBe(
      codOpenOrderMessage('RG-10001'),
    );
    expect(codRefusal(rules, { ...fine, phoneVerified: false })).toBe(COD_MESSAGES.phone);
  });

  it('covers every serviceable pincode when the list is empty', () => {
    const everywhere = codRulesFromRupees({
      codEnabled: true,
      codMaxOrderValue: 3000,
      codFee: 49,
      codPincodes: '',
    });
    expect(codRefusal(everywhere, { ...fine, pincode: '799001' })).toBeNull();
  });
});

describe('CodPincodes', () => {
  it('tidies a list and refuses what is not a pincode or its first digits', () => {
    expect(CodPincodes.parse(' 560 ,110001;400\n')).toBe('560, 110001, 400');
    expect(CodPincodes.parse('')).toBe('');
    expect(CodPincodes.safeParse('56').success).toBe(false);
    expect(CodPincodes.safeParse('5600011').success).toBe(false);
  });
});
