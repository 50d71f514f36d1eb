import { describe, expect, it } from 'vitest';
import { flattenWhitelabel, type WhitelabelNode } from './system-flags';

const node = (modId: string, on: boolean, children: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled: on ? '1' : '0',
  childrenNodes: children,
});

describe('flattenWhitelabel', () => {
  it('turns the tree into flags; a child is on only under enabled parents', () => {
    const tree = [
      node('REGISTER', true, [node('USERNAMEREG3', true), node('MOBILENUMREG3', false)]),
      node('LOGIN', false, [node('FREEPLAY3', true)]),
    ];
    expect(flattenWhitelabel(tree)).toEqual({
      REGISTER: true,
      USERNAMEREG3: true,
      MOBILENUMREG3: false,
      LOGIN: false,
      FREEPLAY3: false,
    });
  });
});
