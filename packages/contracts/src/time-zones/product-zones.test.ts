import { describe, expect, it } from 'vitest';
import { productZones } from '../../scripts/product-zones.ts';
import { PRODUCT_ZONE_DATA } from './product-zones.ts';

describe('product-zones.ts', () => {
  it('is the installed moment-timezone data (after a bump: npm run time-zones -w @ciffc/contracts)', () => {
    expect(PRODUCT_ZONE_DATA).toEqual(productZones());
  });
});
