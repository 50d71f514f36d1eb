import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { KENO_RISKS, PLINKO_RISKS } from '@taya/games';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useMoney } from '../../../hooks/use-money';
import type { OriginalsVerifyParam } from '../../../lib/paths';
import { isPlayableOriginal, originalEngines, type PlayableOriginal } from '../lib/engines';
import { rtpBps, shortMultiplier } from '../lib/rounds';
import { readStake, stakeLimits, stakeText } from '../lib/stake';
import { verifyRound, type VerifyResult } from '../lib/verify';
import { ScratchVerdict } from '../components/scratch-verdict';
import { SCRATCH_CARDS } from '@taya/games';
import { BingoVerify } from '../bingo/bingo-verify';
import { CrashVerify } from '../crash/crash-verify';
import { ColorVerify } from '../color/color-verify';
import { StepVerify } from '../components/step-verify';
import { isStepGame } from '@taya/contracts';

type Form = Record<Exclude<OriginalsVerifyParam, 'cardSeed' | 'cardNonce'>, string> & {
  target: string;
  direction: string;
  /** Plinko's rows (8–16), plinko's and keno's risk, keno's numbers ("3, 7, 11"). */
  rows: string;
  risk: string;
  picks: string;
  card: string;
};

/** The form's fields from the address (a link from a round, or a blank calculator). */
function formOf(query: URLSearchParams): Form {
  const get = (name: string) => query.get(name) ?? '';
  let target = '';
  let direction = 'under';
  let rows = '16';
  let risk = '';
  let picks = '';
  let card: string = SCRATCH_CARDS[0];
  try {
    const params = JSON.parse(get('params') || '{}') as Record<string, unknown>;
    if (typeof params.target === 'string') target = params.target;
    if (params.direction === 'over') direction = 'over';
    if (typeof params.rows === 'number') rows = String(params.rows);
    if (typeof params.risk === 'string') risk = params.risk;
    if (Array.isArray(params.picks)) picks = params.picks.join(', ');
    if (typeof params.card === 'string') card = params.card;
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
    moves: get('moves'),
    target,
    direction,
    rows,
    risk,
    picks,
    card,
  };
}

function paramsOf(form: Form): Record<string, unknown> {
  if (form.game === 'scratch') return { card: form.card };
  if (form.game === 'plinko') return { rows: Number(form.rows), risk: form.risk || 'medium' };
  if (form.game === 'keno') {
    const picks = form.picks
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((n) => (/^\d{1,2}$/.test(n) ? Number(n) : NaN));
    return { picks, risk: form.risk || 'classic' };
  }
  return form.game === 'dice'
    ? { target: form.target, direction: form.direction }
    : { target: form.target };
}

/** A round's outcome as the verifier shows it, by game. */
function outcomeText(game: PlayableOriginal, outcome: Record<string, unknown>): string {
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
  if (game === 'dice') return String(outcome.roll);
  if (game === 'limbo') return `${String(outcome.result)}×`;
  if (game === 'plinko') return String(outcome.bucket);
  return list(outcome.hits) || '—';
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
  const [query] = useSearchParams();
  const game = query.get('game') ?? '';
  if (game === 'bingo') return <BingoVerify />;
  if (game === 'crash') return <CrashVerify />;
  if (game === 'color-game') return <ColorVerify />;
  return isStepGame(game) ? <StepVerify game={game} /> : <InstantVerify />;
}

function InstantVerify() {
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
    rows: useId(),
    risk: useId(),
    picks: useId(),
    rtp: useId(),
    amount: useId(),
    card: useId(),
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
                  {game === 'dice'
                    ? t('originals.verify.roll')
                    : game === 'plinko'
                      ? t('originals.verify.bucket')
                      : game === 'keno'
                        ? t('originals.verify.hits')
                        : game === 'scratch'
                          ? t('originals.scratch.verify_card')
                          : t('originals.verify.result')}
                </dt>
                <dd data-testid="ogv-outcome">
                  {game === 'scratch' ? (
                    <ScratchVerdict outcome={result.outcome} />
                  ) : (
                    outcomeText(game, result.outcome)
                  )}
                </dd>
              </div>
              {game === 'plinko' && Array.isArray(result.outcome.path) ? (
                <div>
                  <dt>{t('originals.verify.path')}</dt>
                  <dd className="og-mono og-break" data-testid="ogv-path">
                    {(result.outcome.path as number[]).map((d) => (d ? 'R' : 'L')).join(' ')}
                  </dd>
                </div>
              ) : null}
              {game === 'keno' && Array.isArray(result.outcome.drawn) ? (
                <div>
                  <dt>{t('originals.verify.drawn')}</dt>
                  <dd data-testid="ogv-drawn">{(result.outcome.drawn as number[]).join(', ')}</dd>
                </div>
              ) : null}
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
            <option value="plinko">{t('originals.names.plinko')}</option>
            <option value="keno">{t('originals.names.keno')}</option>
            <option value="scratch">{t('originals.names.scratch')}</option>
            <option value="mines">{t('originals.names.mines')}</option>
            <option value="jacks-or-better">{t('originals.names.jacks-or-better')}</option>
            <option value="deuces-wild">{t('originals.names.deuces-wild')}</option>
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
        {form.game === 'scratch' ? (
          <div className="og-field">
            <label className="og-label" htmlFor={ids.card}>
              {t('originals.scratch.card')}
            </label>
            <select
              id={ids.card}
              className="og-input"
              value={form.card}
              onChange={set('card')}
              data-testid="ogv-card"
            >
              {SCRATCH_CARDS.map((c) => (
                <option key={c} value={c}>
                  {t(`originals.scratch.cards.${c}`)}
                </option>
              ))}
            </select>
          </div>
        ) : form.game === 'plinko' || form.game === 'keno' ? (
          <div className="og-pair">
            {form.game === 'plinko' ? (
              <div className="og-field">
                <label className="og-label" htmlFor={ids.rows}>
                  {t('originals.plinko.rows')}
                </label>
                <select
                  id={ids.rows}
                  className="og-input"
                  value={form.rows}
                  onChange={set('rows')}
                  data-testid="ogv-rows"
                >
                  {[8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="og-field">
                <label className="og-label" htmlFor={ids.picks}>
                  {t('originals.verify.picks')}
                </label>
                <input
                  id={ids.picks}
                  className="og-input"
                  inputMode="numeric"
                  value={form.picks}
                  onChange={set('picks')}
                  data-testid="ogv-picks"
                />
              </div>
            )}
            <div className="og-field">
              <label className="og-label" htmlFor={ids.risk}>
                {t('originals.risk.label')}
              </label>
              <select
                id={ids.risk}
                className="og-input"
                value={form.risk || (form.game === 'plinko' ? 'medium' : 'classic')}
                onChange={set('risk')}
                data-testid="ogv-risk"
              >
                {(form.game === 'plinko' ? PLINKO_RISKS : KENO_RISKS).map((risk) => (
                  <option key={risk} value={risk}>
                    {t(`originals.risk.${risk}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : (
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
        )}
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
