import { describe, expect, it } from 'vitest';
import { CRAVING_TRIGGERS } from '@exhale/contract/cravings';
import { TOBACCO_TYPES as CONTRACT_TOBACCO_TYPES } from '@exhale/contract/quit-plan';
import { TOBACCO_TYPES, TRIGGERS } from './api';

describe('the companion lists the pages show without loading the contract schemas', () => {
  it('are the contract’s triggers and tobacco types, in the same order', () => {
    expect(TRIGGERS).toEqual(CRAVING_TRIGGERS);
    expect(TOBACCO_TYPES).toEqual(CONTRACT_TOBACCO_TYPES);
  });
});
