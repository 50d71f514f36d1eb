import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crashPoint, crashText, nextChainHash, verifyGameHash } from '@taya/games';
import { useDocumentTitle } from '../../../hooks/use-document-title';

const HEX = /^[0-9a-f]{64}$/;

interface Checked {
  crashPoint: string | null;
  chained: boolean | null;
  previous: string | null;
}

/**
 * A crash round checked in the browser with the server's own engine: the crash point from the
 * game hash and the salt (HMAC-SHA256, 52 bits, 1 % edge), and that hashing the game hash n
 * times gives the terminating hash published before the chain's first round. The address
 * carries `serverSeed` = game hash, `nonce` = the game's number in the chain,
 * `serverSeedHash` = the terminating hash and `clientSeed` = the salt.
 */
function check(hash: string, game: string, terminating: string, salt: string): Checked {
  const valid = HEX.test(hash);
  const n = Number(game);
  return {
    crashPoint: valid && salt ? crashText(crashPoint(hash, salt, 9900)) : null,
    chained:
      valid && HEX.test(terminating) && Number.isInteger(n) && n > 0 && n <= 10_000_000
        ? verifyGameHash(hash, n, terminating)
        : null,
    previous: valid ? nextChainHash(hash) : null,
  };
}

export function CrashVerify() {
  const { t } = useTranslation();
  useDocumentTitle(t('originals.verify.title'));
  const [query, setQuery] = useSearchParams();
  const read = (q: URLSearchParams) => ({
    hash: (q.get('serverSeed') ?? '').trim().toLowerCase(),
    game: q.get('nonce') ?? '',
    terminating: (q.get('serverSeedHash') ?? '').trim().toLowerCase(),
    salt: q.get('clientSeed') ?? '',
  });
  const sandbox = (query.get('params') ?? '').includes('"saltSandbox":true');
  const [form, setForm] = useState(() => read(query));
  const submitted = useMemo(() => read(query), [query]);
  const result = useMemo(
    () =>
      submitted.hash
        ? check(submitted.hash, submitted.game, submitted.terminating, submitted.salt)
        : null,
    [submitted],
  );
  const ids = { hash: useId(), game: useId(), terminating: useId(), salt: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      game: 'crash',
      serverSeed: form.hash.trim(),
      nonce: form.game.trim(),
      serverSeedHash: form.terminating.trim(),
      clientSeed: form.salt.trim(),
    });
  };
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
        data-testid={`crash-verify-${key}`}
      />
    </div>
  );
  return (
    <section className="og-verify panel" data-testid="crash-verify">
      <h1>{t('originals.crash.verify_title')}</h1>
      <p className="og-hint">{t('originals.crash.verify_intro')}</p>
      {result ? (
        <div className="og-verdict" data-testid="crash-verify-result">
          {sandbox ? (
            <p className="og-problem" data-testid="crash-verify-sandbox">
              {t('originals.crash.salt_sandbox')}
            </p>
          ) : null}
          {result.chained === null ? null : (
            <p className={result.chained ? 'og-ok' : 'og-problem'} data-testid="crash-verify-chain">
              {result.chained ? t('originals.crash.chain_ok') : t('originals.crash.chain_bad')}
            </p>
          )}
          <dl className="og-verdict-figures">
            <div>
              <dt>{t('originals.crash.crash_point')}</dt>
              <dd data-testid="crash-verify-point">
                {result.crashPoint ? `${result.crashPoint}×` : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('originals.crash.previous')}</dt>
              <dd className="og-mono og-break">{result.previous ?? '—'}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      <form onSubmit={submit} className="og-verify-form" noValidate>
        {field('hash', t('originals.crash.game_hash'))}
        {field('game', t('originals.crash.game_number'))}
        {field('terminating', t('originals.crash.terminating'))}
        {field('salt', t('originals.crash.salt'))}
        <button type="submit" className="button button-primary">
          {t('originals.verify.submit')}
        </button>
      </form>
    </section>
  );
}
