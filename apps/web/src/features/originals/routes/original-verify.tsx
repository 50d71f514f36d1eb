import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMoney } from '../../../hooks/use-money';
import type { OriginalsVerifyParam } from '../../../lib/paths';
import { isPlayableOriginal, originalEngines, type PlayableOriginal } from '../lib/engines';
import { rtpBps, shortMultiplier } from '../lib/rounds';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { verifyRound, type VerifyResult } from '../lib/verify';

type Form = Record<OriginalsVerifyParam, string> & { target: string; direction: string };

/** The form's fields from the address (a link from a round, or a blank calculator). */
function formOf(query: URLSearchParams): Form {
  const get = (name: string) => query.get(name) ?? '';
  let target = '';
  let direction = 'under';
  try {
    const params = JSON.parse(get('params') || '{}') as Record<string, unknown>;
    if (typeof params.target === 'string') target = params.target;
    if (params.direction === 'over') direction = 'over';
  } catch {
    // A mangled link: the fields stay empty to be filled in.
  }
  return {
    game: isPlayableOriginal(get('game')) ? get('game') : 'dice',
    serverSeed: get('serverSeed'),
    serverSeedHash: get('serverSeedHash'),
    clientSeed: get('clientSeed'),
    nonce: get('nonce') || '0',
    params: get('params'),
    rtp: get('rtp') || '99.00',
    amount: get('amount'),
    target,
    direction,
  };
}

function paramsOf(form: Form): Record<string, string> {
  return form.game === 'dice'
    ? { target: form.target, direction: form.direction }
    : { target: form.target };
}

/** Replays the form's round with the game's engine, here in the browser. */
function compute(form: Form): VerifyResult | { ok: false; problem: 'engine' } {
  const engine = isPlayableOriginal(form.game) ? originalEngines[form.game] : undefined;
  if (!engine) return { ok: false, problem: 'engine' };
  const limits = stakeLimits('0.01', '0.01');
  return verifyRound(engine, {
    serverSeed: form.serverSeed,
    clientSeed: form.clientSeed,
    nonce: /^\d{1,15}$/.test(form.nonce.trim()) ? Number(form.nonce.trim()) : -1,
    params: paramsOf(form),
    rtpBps: rtpBps(form.rtp.trim()),
    serverSeedHash: form.serverSeedHash || null,
    stake: form.amount.trim() ? readStake(form.amount, limits) : null,
  });
}

/**
 * /originals/verify: a round's seeds, nonce and parameters in, its outcome, multiplier and payout
 * out, computed with the same `@taya/games` engine and fairness kit the server ran; the revealed
 * server seed is checked against the hash shown before play.
 */
export function OriginalVerifyRoute() {
  const { t } = useTranslation();
  const fmt = useMoney();
  useDocumentTitle(t('originals.verify.title'));
  const [query, setQuery] = useSearchParams();
  const [form, setForm] = useState(() => formOf(query));
  const submitted = useMemo(() => formOf(query), [query]);
  const result = useMemo(
    () => (query.get('serverSeed') ? compute(submitted) : null),
    [query, submitted],
  );
  const ids = {
    game: useId(),
    seed: useId(),
    hash: useId(),
    client: useId(),
    nonce: useId(),
    target: useId(),
    direction: useId(),
    rtp: useId(),
    amount: useId(),
  };
  const set = (name: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    next.set('game', form.game);
    next.set('serverSeed', form.serverSeed.trim());
    if (form.serverSeedHash.trim()) next.set('serverSeedHash', form.serverSeedHash.trim());
    next.set('clientSeed', form.clientSeed);
    next.set('nonce', form.nonce.trim());
    next.set('params', JSON.stringify(paramsOf(form)));
    next.set('rtp', form.rtp.trim());
    if (form.amount.trim()) next.set('amount', form.amount.trim());
    setQuery(next, { replace: true });
  };

  const game = submitted.game as PlayableOriginal;
  return (
    <section className="og-verify panel" data-testid="og-verify">
      <h1>{t('originals.verify.title')}</h1>
      <p className="og-hint">{t('originals.verify.intro')}</p>
      {result ? (
        result.ok ? (
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
            <dl className="og-verdict-figures">
              <div>
                <dt>
                  {game === 'dice' ? t('originals.verify.roll') : t('originals.verify.result')}
                </dt>
                <dd data-testid="ogv-outcome">
                  {String(game === 'dice' ? result.outcome.roll : result.outcome.result)}
                  {game === 'limbo' ? '×' : ''}
                </dd>
              </div>
              <div>
                <dt>{t('originals.multiplier')}</dt>
                <dd data-testid="ogv-multiplier">{shortMultiplier(result.multiplier)}×</dd>
              </div>
              {result.payout !== null ? (
                <div>
                  <dt>{t('originals.verify.payout')}</dt>
                  <dd data-testid="ogv-payout">
                    {fmt.amount(stakeText(result.payout, stakeLimits('0.01', '0.01')))}
                  </dd>
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
        ) : (
          <p className="og-problem" role="alert" data-testid="ogv-problem">
            {t(`originals.verify.problem.${result.problem}`)}
            {'detail' in result && result.detail ? ` (${result.detail})` : ''}
          </p>
        )
      ) : null}
      <form className="og-verify-form" onSubmit={submit} noValidate>
        <div className="og-field">
          <label className="og-label" htmlFor={ids.game}>
            {t('originals.verify.game')}
          </label>
          <select
            id={ids.game}
            className="og-input"
            value={form.game}
            onChange={set('game')}
            data-testid="ogv-game"
          >
            <option value="dice">{t('originals.names.dice')}</option>
            <option value="limbo">{t('originals.names.limbo')}</option>
          </select>
        </div>
        <div className="og-field">
          <label className="og-label" htmlFor={ids.seed}>
            {t('originals.fair.server_seed')}
          </label>
          <input
            id={ids.seed}
            className="og-input og-mono"
            value={form.serverSeed}
            onChange={set('serverSeed')}
            spellCheck={false}
            data-testid="ogv-server-seed"
          />
        </div>
        <div className="og-field">
          <label className="og-label" htmlFor={ids.hash}>
            {t('originals.fair.server_seed_hash')}
          </label>
          <input
            id={ids.hash}
            className="og-input og-mono"
            value={form.serverSeedHash}
            onChange={set('serverSeedHash')}
            spellCheck={false}
            data-testid="ogv-hash"
          />
        </div>
        <div className="og-pair">
          <div className="og-field">
            <label className="og-label" htmlFor={ids.client}>
              {t('originals.fair.client_seed')}
            </label>
            <input
              id={ids.client}
              className="og-input og-mono"
              value={form.clientSeed}
              onChange={set('clientSeed')}
              spellCheck={false}
              data-testid="ogv-client-seed"
            />
          </div>
          <div className="og-field">
            <label className="og-label" htmlFor={ids.nonce}>
              {t('originals.fair.nonce')}
            </label>
            <input
              id={ids.nonce}
              className="og-input"
              inputMode="numeric"
              value={form.nonce}
              onChange={set('nonce')}
              data-testid="ogv-nonce"
            />
          </div>
        </div>
        <div className="og-pair">
          <div className="og-field">
            <label className="og-label" htmlFor={ids.target}>
              {form.game === 'dice' ? t('originals.dice.target') : t('originals.limbo.target')}
            </label>
            <input
              id={ids.target}
              className="og-input"
              inputMode="decimal"
              value={form.target}
              onChange={set('target')}
              data-testid="ogv-target"
            />
          </div>
          {form.game === 'dice' ? (
            <div className="og-field">
              <label className="og-label" htmlFor={ids.direction}>
                {t('originals.verify.direction')}
              </label>
              <select
                id={ids.direction}
                className="og-input"
                value={form.direction}
                onChange={set('direction')}
                data-testid="ogv-direction"
              >
                <option value="under">{t('originals.dice.roll_under')}</option>
                <option value="over">{t('originals.dice.roll_over')}</option>
              </select>
            </div>
          ) : null}
        </div>
        <div className="og-pair">
          <div className="og-field">
            <label className="og-label" htmlFor={ids.rtp}>
              {t('originals.verify.rtp')}
            </label>
            <input
              id={ids.rtp}
              className="og-input"
              inputMode="decimal"
              value={form.rtp}
              onChange={set('rtp')}
              data-testid="ogv-rtp"
            />
          </div>
          <div className="og-field">
            <label className="og-label" htmlFor={ids.amount}>
              {t('originals.verify.amount')}
            </label>
            <input
              id={ids.amount}
              className="og-input"
              inputMode="decimal"
              value={form.amount}
              onChange={set('amount')}
              data-testid="ogv-amount"
            />
          </div>
        </div>
        <button type="submit" className="button button-primary" data-testid="ogv-submit">
          {t('originals.verify.submit')}
        </button>
      </form>
    </section>
  );
}
