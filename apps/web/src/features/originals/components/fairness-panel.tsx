import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clientSeedSchema, type OriginalGame, type OriginalRound } from '@taya/contracts';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { useRotateSeeds, useSeeds } from '../api/seeds';
import { verifyHref } from '../lib/rounds';

function Seed({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="og-seed">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
      </dd>
    </div>
  );
}

/**
 * The seeds behind the player's rounds: for real play the pair in use (the server seed only as
 * its SHA-256), an editable client seed and the nonce, and "Rotate", which reveals the pair and
 * starts a new one; for play money the last round's seeds, revealed at once. Links to the
 * verifier either way.
 */
export function FairnessPanel({
  game,
  demo,
  rounds,
  rtp,
}: {
  game: OriginalGame;
  demo: boolean;
  /** The player's rounds of this mode, newest first (history, or this visit's demo rounds). */
  rounds: readonly OriginalRound[];
  rtp: string;
}) {
  const { t } = useTranslation();
  const seeds = useSeeds(game, !demo);
  const rotate = useRotateSeeds(game);
  const id = useId();
  const [clientSeed, setClientSeed] = useState<string | null>(null);
  const current = seeds.data?.current;
  const typed = clientSeed ?? current?.clientSeed ?? '';
  const seedOk = clientSeedSchema.safeParse(typed).success;
  const lastRound = rounds[0] ?? null;
  const lastHref = lastRound ? verifyHref(lastRound, rtp) : null;

  if (demo) {
    return (
      <div className="og-fair" data-testid="og-fairness">
        <p className="og-hint">{t('originals.fair.demo_note')}</p>
        {lastRound ? (
          <dl>
            <Seed
              label={t('originals.fair.server_seed')}
              value={lastRound.seed.serverSeed ?? '—'}
              testId="og-demo-server-seed"
            />
            <Seed
              label={t('originals.fair.client_seed')}
              value={lastRound.seed.clientSeed}
              testId="og-demo-client-seed"
            />
            <Seed
              label={t('originals.fair.nonce')}
              value={String(lastRound.seed.nonce)}
              testId="og-demo-nonce"
            />
          </dl>
        ) : null}
        <Link
          className="button button-secondary"
          to={lastHref ?? paths.originalsVerify.href({ game, rtp })}
          data-testid="og-verify-link"
        >
          {t('originals.fair.open_verifier')}
        </Link>
      </div>
    );
  }

  const previous = seeds.data?.previous ?? null;
  // The newest round the revealed pair drew, to verify with its bet's parameters.
  const drawn = previous
    ? rounds.find((r) => r.seed.serverSeedHash === previous.serverSeedHash)
    : undefined;
  const previousRound =
    previous && drawn
      ? { ...drawn, seed: { ...drawn.seed, serverSeed: previous.serverSeed } }
      : null;
  const previousHref = previous
    ? previousRound
      ? verifyHref(previousRound, rtp)
      : paths.originalsVerify.href({
          game,
          rtp,
          serverSeed: previous.serverSeed,
          serverSeedHash: previous.serverSeedHash,
          clientSeed: previous.clientSeed,
          nonce: String(Math.max(0, previous.nonce - 1)),
        })
    : null;

  return (
    <div className="og-fair" data-testid="og-fairness">
      {seeds.isError ? <p role="alert">{errorText(t, seeds.error)}</p> : null}
      {current ? (
        <dl>
          <Seed
            label={t('originals.fair.server_seed_hash')}
            value={current.serverSeedHash}
            testId="og-seed-hash"
          />
          <Seed
            label={t('originals.fair.nonce')}
            value={String(current.nonce)}
            testId="og-seed-nonce"
          />
        </dl>
      ) : null}
      <div className="og-field">
        <label className="og-label" htmlFor={id}>
          {t('originals.fair.client_seed')}
        </label>
        <input
          id={id}
          className="og-input og-mono"
          value={typed}
          maxLength={64}
          onChange={(e) => setClientSeed(e.target.value)}
          aria-invalid={!seedOk}
          data-testid="og-client-seed"
        />
        <p className="og-hint">{t('originals.fair.rotate_note')}</p>
      </div>
      <button
        type="button"
        className="button button-primary"
        disabled={!seedOk || rotate.isPending || !current}
        onClick={() =>
          rotate.mutate(typed === current?.clientSeed ? null : typed, {
            onSuccess: () => setClientSeed(null),
          })
        }
        data-testid="og-rotate"
      >
        {t('originals.fair.rotate')}
      </button>
      {rotate.isError ? <p role="alert">{errorText(t, rotate.error)}</p> : null}
      {previous ? (
        <section className="og-previous" data-testid="og-previous">
          <h3>{t('originals.fair.previous')}</h3>
          <dl>
            <Seed
              label={t('originals.fair.server_seed')}
              value={previous.serverSeed}
              testId="og-previous-seed"
            />
            <Seed
              label={t('originals.fair.server_seed_hash')}
              value={previous.serverSeedHash}
              testId="og-previous-hash"
            />
            <Seed
              label={t('originals.fair.client_seed')}
              value={previous.clientSeed}
              testId="og-previous-client"
            />
            <Seed
              label={t('originals.fair.bets_made')}
              value={String(previous.nonce)}
              testId="og-previous-nonce"
            />
          </dl>
          {previousHref ? (
            <Link
              className="button button-secondary"
              to={previousHref}
              data-testid="og-verify-link"
            >
              {t('originals.fair.verify_last')}
            </Link>
          ) : null}
        </section>
      ) : (
        <Link
          className="og-link"
          to={paths.originalsVerify.href({ game, rtp })}
          data-testid="og-verifier-link"
        >
          {t('originals.fair.open_verifier')}
        </Link>
      )}
    </div>
  );
}
