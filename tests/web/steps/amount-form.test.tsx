// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AmountForm } from '../../../src/web/features/steps/amount-form.js';
import { useLocale } from '../../../src/web/i18n/i18n.js';
import { TestProviders } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

function SwitchToGerman() {
  const { setLocale } = useLocale();
  return (
    <button type="button" onClick={() => setLocale('de-DE')}>
      Deutsch
    </button>
  );
}

describe('step 1 amount form', () => {
  freshStorage();

  it('rewrites the typed amount in the new language’s way when the language changes', async () => {
    const saved: string[] = [];
    render(
      <TestProviders>
        <SwitchToGerman />
        <AmountForm
          currency="EUR"
          initialAmount=""
          locked={false}
          lockedCny={null}
          rate={{ value: '8', failed: false }}
          saving={false}
          onSave={async (amount) => void saved.push(amount)}
        >
          {null}
        </AmountForm>
      </TestProviders>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /汇款金额/ }), '3000.5');
    await user.click(screen.getByRole('button', { name: 'Deutsch' }));
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: /Betrag/ });
    expect(box.value).toBe('3000,5');
    expect(screen.getByTestId('estimate').textContent).toBe('24.004,00\u00a0CNY');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(saved).toEqual(['3000.5']);
  });
});
