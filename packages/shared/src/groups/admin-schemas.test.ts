import { describe, expect, it } from 'vitest';
import {
  GROUP_ADMIN_TABS,
  GroupCreateSchema,
  GroupUpdateSchema,
  groupCreatedNotice,
  holdsBillingPermission,
} from './admin-schemas.ts';

const ID = '5b0f9a4e-3f55-4b55-9d8e-0a4c2b3c1d11';

function issues(r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('groupCreatedNotice', () => {
  it('shows "Group created." plus a BI or Canvas error, otherwise "creation in progress"', () => {
    expect(groupCreatedNotice('Error while restarting BI jobs: timeout')).toEqual({
      severity: 'warning',
      text: 'Group created. Error while restarting BI jobs: timeout',
    });
    expect(groupCreatedNotice('error while enabling Canvas')).toEqual({
      severity: 'warning',
      text: 'Group created. error while enabling Canvas',
    });
    expect(groupCreatedNotice('')).toEqual({ severity: 'success', text: 'creation in progress' });
    expect(groupCreatedNotice(undefined)).toEqual({
      severity: 'success',
      text: 'creation in progress',
    });
  });
});

describe('billing tabs', () => {
  it('are for super users only and have the spec paths', () => {
    expect(holdsBillingPermission(['user:super', 'user:billing'])).toBe(true);
    expect(holdsBillingPermission(['user:super'])).toBe(false);
    expect(holdsBillingPermission(['user:admin'])).toBe(false);
    expect(GROUP_ADMIN_TABS.map((t) => t.path)).toEqual([
      '',
      '/archived',
      '/billing',
      '/billingauditlogs',
      '/marketplace',
    ]);
  });
});

describe('GroupCreateSchema', () => {
  const base = { name: 'Ops', region: 'ap-southeast-2', ccaasProvider: 'AWS' };

  it('requires every field, naming it', () => {
    const r = GroupCreateSchema.safeParse({ name: '' });
    expect(issues(r)).toEqual({
      name: 'Required (Name)',
      region: 'Required (Region)',
      customerSelection: 'Required (Customer)',
      ccaasProvider: 'Required (CCaaS Provider)',
    });
  });

  it('needs a new customer name or an existing customer as selected', () => {
    expect(
      issues(
        GroupCreateSchema.safeParse({ ...base, customerSelection: 'new', newCustomerName: ' ' }),
      ),
    ).toEqual({
      newCustomerName: 'Required (New Customer Name)',
    });
    expect(
      issues(
        GroupCreateSchema.safeParse({ ...base, customerSelection: 'existing', customerID: '' }),
      ),
    ).toEqual({
      customerID: 'Required (Existing Customer Name)',
    });
    expect(
      GroupCreateSchema.safeParse({ ...base, customerSelection: 'existing', customerID: ID })
        .success,
    ).toBe(true);
    expect(
      GroupCreateSchema.safeParse({ ...base, customerSelection: 'new', newCustomerName: 'Acme' })
        .success,
    ).toBe(true);
  });

  it('offers only the spec regions and providers', () => {
    const r = GroupCreateSchema.safeParse({
      ...base,
      region: 'eu-west-1',
      ccaasProvider: 'CISCO',
      customerSelection: 'new',
      newCustomerName: 'A',
    });
    expect(Object.keys(issues(r)).sort()).toEqual(['ccaasProvider', 'region']);
  });
});

describe('GroupUpdateSchema', () => {
  it('says "Group ID is missing" without an id, and refuses a new customer', () => {
    const r = GroupUpdateSchema.safeParse({
      name: 'Ops',
      customerID: ID,
      ccaasProvider: 'NICE',
      customerSelection: 'new',
    });
    expect(issues(r)).toEqual({
      id: 'Group ID is missing',
      customerSelection: 'A new customer can only be created with a new group',
    });
  });
});
