import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { colorGameClientSeed } from '@taya/contracts';
import { drawColourGame, fairRng, seedCommitment, type Colour } from '@taya/games';
import { useDocumentTitle } from '../../../hooks/use-document-title';

const HEX = /^[0-9a-f]{64}$/;

/**
 * A Colour Game round checked in the browser with the server's own engine: the revealed server
 * seed against the SHA-256 shown while the round took bets, and the three dice drawn from it
 * (`drawColourGame(fairRng(serverSeed, clientSeed, round))`). The address carries `serverSeed`,
 * `serverSeedHash`, `clientSeed` (`color-game`) and `nonce` = the round's number.
 */
function check(seed: string, hash: string, client: string, round: string) {
  const n = Number(round);
  const valid = HEX.test(seed) && Number.isInteger(n) && n >= 0;
  return {
    dice: valid ? drawColourGame(fairRng(seed, client, n)).dice : null,
    hashOk: HEX.test(seed) && HEX.test(hash) ? seedCommitment(seed) === hash : null,
  };
}

export function ColorVerify() {
  const { t } = useTranslation();
  useDocumentTitle(t('originals.verify.title'));
  const [query, setQuery] = useSearchParams();
  const read = (q: URLSearchParams) => ({
    seed: (q.get('serverSeed') ?? '').trim().toLowerCase(),
    hash: (q.get('serverSeedHash') ?? '').trim().toLowerCase(),
    client: q.get('clientSeed') ?? colorGameClientSeed,
    round: q.get('nonce') ?? '',
  });
  const [form, setForm] = useState(() => read(query));
  const submitted = useMemo(() => read(query), [query]);
  const result = useMemo(
    () =>
      submitted.seed
        ? check(submitted.seed, submitted.hash, submitted.client, submitted.round)
        : null,
    [submitted],
  );
  const ids = { seed: useId(), hash: useId(), client: useId(), round: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      game: 'color-game',
      serverSeed: form.seed.trim(),
      serverSeedHash: form.hash.trim(),
      clientSeed: form.client.trim(),
      nonce: form.round.trim(),
    });
  };
  const name = (c: Colour) => t(`originals.color.colours.${c}`);
  const field = (key: keyof typeof form, label: string) => (
    <div className="og-field">
      <label className="og-label" htmlFor={ids[key]}>
        {label}
      </label>
      <input
        id={ids[key]}
        className="og-input og-mono"
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        spellCheck={false}
        autoComplete="off"
        data-testid={`cg-verify-${key}`}
      />
    </div>
  );
  return (
    <section className="og-verify panel og-color" data-testid="cg-verify">
      <h1>{t('originals.color.verify_title')}</h1>
      <p className="og-hint">{t('originals.color.verify_intro')}</p>
      {result ? (
        <div className="og-verdict" data-testid="cg-verify-result">
          {result.hashOk === null ? null : (
            <p className={result.hashOk ? 'og-ok' : 'og-problem'} data-testid="cg-verify-check">
              {result.hashOk ? t('originals.verify.hash_ok') : t('originals.verify.hash_bad')}
            </p>
          )}
          <dl className="og-verdict-figures">
            <div>
              <dt>{t('originals.color.dice')}</dt>
              <dd data-testid="cg-verify-dice" data-dice={result.dice?.join(',') ?? ''}>
                {result.dice ? (
                  <span className="cg-pips">
                    {result.dice.map((d, i) => (
                      <span key={i} className={`cg-pip cg-${d}`} />
                    ))}{' '}
                    {result.dice.map(name).join(' · ')}
                  </span>
                ) : (
                  t('originals.verify.problem.seed')
                )}
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
      <form onSubmit={submit} className="og-verify-form" noValidate>
        {field('seed', t('originals.fair.server_seed'))}
        {field('hash', t('originals.fair.server_seed_hash'))}
        {field('client', t('originals.fair.client_seed'))}
        {field('round', t('originals.color.round_number'))}
        <button type="submit" className="button button-primary">
          {t('originals.verify.submit')}
        </button>
      </form>
    </section>
  );
}
