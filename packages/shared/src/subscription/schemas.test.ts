import { describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_TEXTS,
  SubscriptionRequestSchema,
  parseSubscriptionEnd,
  subscriptionErrorText,
} from './schemas.ts';

const issues = (body: unknown) =>
  SubscriptionRequestSchema.safeParse(body).error?.issues.map((i) => [
    i.path.join('.'),
    i.message,
  ]) ?? [];

describe('subscription texts (spec 000 §8)', () => {
  it('picks the special text when the error says the subscription exists', () => {
    expect(subscriptionErrorText('Subscription already exists', 'help@x.io')).toBe(
      'It seems like you already have an active subscription on AWS Marketplace, and only one subscription is allowed. Please contact us at help@x.io or chat to support team by clicking the messenger icon at the bottom-right of screen.',
    );
    expect(subscriptionErrorText('Invalid body: customerCode', 'help@x.io')).toBe(
      'Oops, there seems to be a problem with the details provided. Can you please check and try again? Email us at help@x.io if you are still having problems.',
    );
    expect(subscriptionErrorText(undefined, 'a@b')).toBe(SUBSCRIPTION_TEXTS.errorDefault('a@b'));
  });
});

describe('SubscriptionRequestSchema', () => {
  it('accepts codes with an optional end and trims them', () => {
    expect(
      SubscriptionRequestSchema.parse({ customerCode: ' CUST-1 ', productCode: 'prod_2.a' }),
    ).toEqual({
      customerCode: 'CUST-1',
      productCode: 'prod_2.a',
      subscriptionEnd: null,
    });
    expect(
      SubscriptionRequestSchema.parse({
        customerCode: 'c',
        productCode: 'p',
        subscriptionEnd: '2030-01-31',
      }).subscriptionEnd,
    ).toEqual(new Date('2030-01-31T00:00:00Z'));
  });

  it('names blank, oddly shaped and unknown fields', () => {
    expect(issues({ customerCode: '  ', productCode: 'p' })).toEqual([
      ['customerCode', 'Required (Customer Code)'],
    ]);
    expect(issues({ customerCode: 'c' })).toEqual([['productCode', 'Required (Product Code)']]);
    expect(issues({ customerCode: 'c d', productCode: '<p>' })).toEqual([
      ['customerCode', 'Customer Code has invalid characters'],
      ['productCode', 'Product Code has invalid characters'],
    ]);
    expect(issues({ customerCode: 'c'.repeat(129), productCode: 'p' })[0]?.[0]).toBe(
      'customerCode',
    );
    expect(issues({ customerCode: 'c', productCode: 'p', subscriptionEnd: 'soon' })).toEqual([
      ['subscriptionEnd', 'subscriptionEnd must be an ISO date or an epoch time'],
    ]);
    expect(issues({ customerCode: 'c', productCode: 'p', subscriptionEnd: true })[0]?.[0]).toBe(
      'subscriptionEnd',
    );
    expect(issues({ customerCode: 'c', productCode: 'p', admin: true })[0]?.[1]).toContain('admin');
  });
});

describe('parseSubscriptionEnd', () => {
  it('reads ISO dates and epoch seconds or milliseconds', () => {
    expect(parseSubscriptionEnd('2030-06-01T10:00:00Z')).toEqual(new Date('2030-06-01T10:00:00Z'));
    expect(parseSubscriptionEnd('2030-06-01T10:00:00+10:00')).toEqual(
      new Date('2030-06-01T00:00:00Z'),
    );
    expect(parseSubscriptionEnd(1906502400)).toEqual(new Date('2030-06-01T00:00:00Z'));
    expect(parseSubscriptionEnd('1906502400')).toEqual(new Date('2030-06-01T00:00:00Z'));
    expect(parseSubscriptionEnd(1906502400000)).toEqual(new Date('2030-06-01T00:00:00Z'));
  });
  it('absent or empty is null; nonsense is invalid', () => {
    expect(parseSubscriptionEnd(undefined)).toBeNull();
    expect(parseSubscriptionEnd(null)).toBeNull();
    expect(parseSubscriptionEnd(' ')).toBeNull();
    for (const bad of ['tomorrow', '2030-13-45', '31/01/2030', -5, 0, Number.NaN, 12, '1e12']) {
      expect(parseSubscriptionEnd(bad), String(bad)).toBe('invalid');
    }
  });
});
