import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registrationPatternExamples, registrationPatterns } from '@taya/contracts';
import en from '../locales/en.json';
import { accountRules, fieldRule, statusWithFlags } from '../testing/auth-status';
import { installFakeApi } from '../testing/fake-api';
import { identityRoutes } from '../testing/identity-fixtures';
import { description } from '../testing/described-by';
import { renderApp } from '../testing/render-app';

const patternTexts = en.validation.pattern as Record<string, string>;

/**
 * SPEC §5 on the web: every pattern of the shared catalogue, checked through the register form
 * with the same examples the server's and the contracts' tests use.
 */
describe('register form: every §5 pattern', () => {
  for (const pattern of registrationPatterns) {
    it(`pattern ${pattern.id} (${pattern.kind})`, async () => {
      installFakeApi(
        statusWithFlags(['USERNAMEREG3'], {
          ...accountRules,
          payeeName: fieldRule(1, 60, pattern.id, { required: false }),
        }),
        identityRoutes(),
      );
      renderApp('/register');
      const dialog = await screen.findByRole('dialog', { name: 'Register' });
      const input = within(dialog).getByRole('textbox', { name: 'Payee name' });
      const expected = patternTexts[pattern.kind]!.replace('{{length}}', '1 to 60 characters');
      const examples = registrationPatternExamples[pattern.id]!;
      for (const bad of examples.bad) {
        fireEvent.change(input, { target: { value: bad } });
        fireEvent.blur(input);
        expect(input.getAttribute('aria-invalid'), `refuse ${bad}`).toBe('true');
        expect(description(input)).toContain(expected);
      }
      for (const ok of examples.ok) {
        fireEvent.change(input, { target: { value: ok } });
        fireEvent.blur(input);
        expect(input.getAttribute('aria-invalid'), `accept ${ok}`).toBeNull();
      }
    });
  }
});
