import { describe, expect, it } from 'vitest';
import { pageAsked } from './Pager.tsx';

const pageOne = { page: 1 };
const pageTwo = { page: 2 };

describe('pageAsked', () => {
  it("counts from the address's page while that page loads, the page before kept on screen", () => {
    expect(pageAsked(2, 1, { isPlaceholderData: true, data: pageOne }, pageOne)).toBe(2);
  });

  it("counts from the address's page once its answer is in but not drawn yet (a quick second Next went to the same page)", () => {
    expect(pageAsked(2, 1, { isPlaceholderData: false, data: pageTwo }, pageOne)).toBe(2);
  });

  it('counts from the page the drawn answer says once it is drawn', () => {
    expect(pageAsked(2, 2, { isPlaceholderData: false, data: pageTwo }, pageTwo)).toBe(2);
    // An address the answer corrected (its own page number) counts from the answer's.
    expect(pageAsked(0, 1, { isPlaceholderData: false, data: pageOne }, pageOne)).toBe(1);
  });
});
