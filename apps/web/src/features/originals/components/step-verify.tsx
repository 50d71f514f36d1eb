import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { blackjackMoves, type StepGame } from '@taya/contracts';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMoney } from '../../../hooks/use-money';
import { rtpBps, shortMultiplier } from '../lib/rounds';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { verifyStepRound } from '../lib/step-verify';
import { MinesVerdict, PokerVerdict } from './step-verdict';
import { BlackjackTable, type BlackjackOutcome } from './blackjack-game';

const fields = [
  'serverSeed',
  'serverSeedHash',
  'clientSeed',
  'nonce',
  'moves',
  'rtp',
  'amount',
] as const;
type Field = (typeof fields)[number] | 'mines';
const cents = stakeLimits('0.01', '0.01');

function formOf(query: URLSearchParams): Record<Field, string> {
  let mines = '3';
  try {
    const params = JSON.parse(query.get('params') || '{}') as Record<string, unknown>;
    if (typeof params.mines === 'number') mines = String(params.mines);
  } catch {
    // A mangled link: the field keeps its default.
  }
  const form = { mines } as Record<Field, string>;
  for (const f of fields) form[f] = query.get(f) ?? '';
  form.nonce ||= '0';
  form.rtp ||= '99.00';
  return form;
}

/**
 * The verify page for a round played in steps (mines, video poker): the seeds place the mines or
 * shuffle the deck with the engine the server ran, then the player's own moves — tiles opened
 * and the cash-out, or the cards held — replay the round to its end, multiplier and payout.
 */
export function StepVerify({ game }: { game: StepGame }) {
  const { t } = useTranslation();
  const fmt = useMoney();
  useDocumentTitle(t('originals.verify.title'));
  const [query, setQuery] = useSearchParams();
  const [form, setForm] = useState(() => formOf(query));
  const id = useId();
  const mines = game === 'mines';
  const result = useMemo(() => {
    if (!query.get('serverSeed')) return null;
    const f = formOf(query);
    return verifyStepRound({
      game,
      serverSeed: f.serverSeed,
      clientSeed: f.clientSeed,
      nonce: /^\d{1,15}$/.test(f.nonce.trim()) ? Number(f.nonce.trim()) : -1,
      mineCount: Number(f.mines),
      moves: f.moves,
      rtpBps: rtpBps(f.rtp.trim()),
      serverSeedHash: f.serverSeedHash || null,
      stake: f.amount.trim() ? readStake(f.amount, cents) : null,
    });
  }, [query, game]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams({ game });
    for (const f of fields) if (form[f].trim()) next.set(f, form[f].trim());
    next.set('params', JSON.stringify(mines ? { mines: Number(form.mines) } : {}));
    setQuery(next, { replace: true });
  };
  const input = (name: Field, label: string, mono = false) => (
    <div className="og-field">
      <label className="og-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={`og-input${mono ? ' og-mono' : ''}`}
        value={form[name]}
        spellCheck={false}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        data-testid={`ogv-${name}`}
      />
    </div>
  );

  return (
    <section className="og-verify panel" data-testid="og-verify">
      <h1>
        {t('originals.verify.title')} · {t(`originals.names.${game}`)}
      </h1>
      <p className="og-hint">{t('originals.verify.intro_steps')}</p>
      {result?.ok ? (
        <div
          className={`og-verdict ${result.win ? 'is-win' : 'is-loss'}`}
          data-testid="ogv-result"
          aria-live="polite"
        >
          <p
            className={result.hashMatches === false ? 'og-problem' : 'og-ok'}
            data-testid="ogv-hash-check"
          >
            {result.hashMatches === null
              ? t('originals.verify.hash_unchecked')
              : result.hashMatches
                ? t('originals.verify.hash_ok')
                : t('originals.verify.hash_bad')}
          </p>
          <div data-testid="ogv-outcome">
            {result.mines ? <MinesVerdict replay={result.mines} /> : null}
            {result.poker ? (
              <PokerVerdict replay={result.poker} wild={game === 'deuces-wild'} />
            ) : null}
            {result.blackjack ? (
              <BlackjackTable
                open={false}
                outcome={
                  {
                    hands: result.blackjack.result.hands,
                    dealer: result.blackjack.result.dealer.cards,
                    result: result.blackjack.result,
                  } as unknown as BlackjackOutcome
                }
              />
            ) : null}
          </div>
          <dl className="og-verdict-figures">
            <div>
              <dt>{t('originals.multiplier')}</dt>
              <dd data-testid="ogv-multiplier">{shortMultiplier(result.multiplier)}×</dd>
            </div>
            {result.payout !== null ? (
              <div>
                <dt>{t('originals.verify.payout')}</dt>
                <dd data-testid="ogv-payout">{fmt.amount(stakeText(result.payout, cents))}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('originals.verify.commitment')}</dt>
              <dd className="og-mono og-break" data-testid="ogv-commitment">
                {result.commitment}
              </dd>
            </div>
          </dl>
          <p className="og-verdict-word">
            {result.win ? t('originals.verify.win') : t('originals.verify.loss')}
          </p>
        </div>
      ) : result ? (
        <p className="og-problem" role="alert" data-testid="ogv-problem">
          {t(`originals.verify.problem.${result.problem}`)}
          {result.detail ? ` (${result.detail})` : ''}
        </p>
      ) : null}
      <form className="og-verify-form" onSubmit={submit} noValidate>
        {input('serverSeed', t('originals.fair.server_seed'), true)}
        {input('serverSeedHash', t('originals.fair.server_seed_hash'), true)}
        <div className="og-pair">
          {input('clientSeed', t('originals.fair.client_seed'), true)}
          {input('nonce', t('originals.fair.nonce'))}
        </div>
        <div className="og-pair">
          {mines ? input('mines', t('originals.mines.count')) : null}
          {input(
            'moves',
            mines
              ? t('originals.verify.moves_mines')
              : game === 'blackjack'
                ? t('originals.blackjack.moves_label', { moves: blackjackMoves.join(', ') })
                : t('originals.verify.moves_holds'),
          )}
        </div>
        <div className="og-pair">
          {mines ? input('rtp', t('originals.verify.rtp')) : null}
          {input('amount', t('originals.verify.amount'))}
        </div>
        <button type="submit" className="button button-primary" data-testid="ogv-submit">
          {t('originals.verify.submit')}
        </button>
      </form>
    </section>
  );
}
