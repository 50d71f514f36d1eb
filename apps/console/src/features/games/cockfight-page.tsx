import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseAmount, type OpsFight } from '@taya/contracts';
import { Can } from '../../auth/can';
import { Dialog } from '../../components/dialog';
import { Badge, Money } from '../../components/display';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { PageHeader } from '../../components/page-header';
import { ArenaDialog } from './arena-dialog';
import { createFight, declareFight, fetchArenas, moveFight, type ArenaRow } from './cockfight-api';
import './cockfight.css';

type Result = 'meron' | 'wala' | 'draw' | 'cancelled';

const Amount = ({ value, currency }: { value: string; currency: string }) => (
  <Money minor={parseAmount(value, 2) ?? 0n} currency={currency} scale={2} />
);

/**
 * `/console/games/cockfight`: each arena with its fight — create the next fight (Meron and Wala
 * entries), open betting, call the last bets, close, declare the result (or cancel) with a
 * reason — and every merchant's pools and live odds (refreshed every 2 s), with the last fights.
 */
export default function CockfightPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [declaring, setDeclaring] = useState<{
    arena: string;
    fight: OpsFight;
    result: Result;
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<ArenaRow | null>(null);
  const arenas = useQuery({
    queryKey: ['ops', 'cockfight'],
    queryFn: ({ signal }) => fetchArenas(signal),
    refetchInterval: 2_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ops', 'cockfight'] });
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
      await refresh();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="page">
      <PageHeader
        title={t('games.cockfight.title')}
        description={t('games.cockfight.description')}
      />
      {problem && (
        <p className="form-error" role="alert" data-testid="cockfight-problem">
          {problem}
        </p>
      )}
      {arenas.data?.arenas.map((arena) => (
        <ArenaCard
          key={arena.code}
          arena={arena}
          onAct={act}
          onDeclare={(fight, result) => setDeclaring({ arena: arena.code, fight, result })}
          onEdit={() => setEditing(arena)}
        />
      ))}
      <DeclareDialog target={declaring} onClose={() => setDeclaring(null)} onDone={refresh} />
      <ArenaDialog arena={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </div>
  );
}

function ArenaCard({
  arena,
  onAct,
  onDeclare,
  onEdit,
}: {
  arena: ArenaRow;
  onAct: (work: () => Promise<unknown>) => Promise<void>;
  onDeclare: (fight: OpsFight, result: Result) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [meron, setMeron] = useState('');
  const [wala, setWala] = useState('');
  const current = arena.fights[0] ?? null;
  const live = current && current.status !== 'settled' ? current : null;
  return (
    <section className="card arena-card" data-testid={`arena-${arena.code}`}>
      <header>
        <h2>
          {arena.name} <code className="muted">{arena.code}</code>
        </h2>
        <span className="muted">
          {t('games.cockfight.terms', { commission: arena.commission, ratio: arena.drawRatio })}
          {' · '}
          {arena.streamUrl ? t('games.cockfight.streamSet') : t('games.cockfight.streamNone')}{' '}
          <Can action="cockfight.run">
            <button
              type="button"
              className="btn btn-small"
              onClick={onEdit}
              data-testid="arena-settings"
            >
              {t('games.cockfight.settings')}
            </button>
          </Can>
        </span>
      </header>
      {live ? (
        <div
          className="arena-fight"
          data-testid="cockfight-live"
          data-fight={live.number}
          data-status={live.status}
        >
          <p>
            <strong>{t('games.cockfight.fight', { n: live.number })}</strong> — {live.meron}{' '}
            <span className="muted">{t('games.cockfight.vs')}</span> {live.wala}{' '}
            <Badge
              tone={
                live.status === 'closed' ? 'warn' : live.status === 'scheduled' ? 'neutral' : 'good'
              }
            >
              {t(`games.cockfight.status.${live.status}`)}
            </Badge>
          </p>
          <Boards fight={live} />
          <Can action="cockfight.run">
            <div className="arena-actions">
              {live.status === 'scheduled' && (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void onAct(() => moveFight(arena.code, live.number, 'open'))}
                  data-testid="fight-open"
                >
                  {t('games.cockfight.open')}
                </button>
              )}
              {live.status === 'open' && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => void onAct(() => moveFight(arena.code, live.number, 'last-call'))}
                  data-testid="fight-last-call"
                >
                  {t('games.cockfight.lastCall')}
                </button>
              )}
              {(live.status === 'open' || live.status === 'last-call') && (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void onAct(() => moveFight(arena.code, live.number, 'closed'))}
                  data-testid="fight-close"
                >
                  {t('games.cockfight.close')}
                </button>
              )}
              {live.status === 'closed' &&
                (['meron', 'wala', 'draw'] as const).map((r) => (
                  <button
                    key={r}
                    type="button"
                    className="btn btn-primary"
                    onClick={() => onDeclare(live, r)}
                    data-testid={`fight-result-${r}`}
                  >
                    {t(`games.cockfight.declare.${r}`)}
                  </button>
                ))}
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => onDeclare(live, 'cancelled')}
                data-testid="fight-cancel"
              >
                {t('games.cockfight.declare.cancelled')}
              </button>
            </div>
          </Can>
        </div>
      ) : (
        <Can action="cockfight.run">
          <form
            className="arena-actions"
            onSubmit={(e) => {
              e.preventDefault();
              if (!meron.trim() || !wala.trim()) return;
              void onAct(async () => {
                await createFight(arena.code, meron.trim(), wala.trim());
                setMeron('');
                setWala('');
              });
            }}
            data-testid="fight-new"
          >
            <label>
              {t('games.cockfight.meron')}{' '}
              <input
                className="input"
                value={meron}
                onChange={(e) => setMeron(e.target.value)}
                maxLength={60}
                name="meron"
              />
            </label>
            <label>
              {t('games.cockfight.wala')}{' '}
              <input
                className="input"
                value={wala}
                onChange={(e) => setWala(e.target.value)}
                maxLength={60}
                name="wala"
              />
            </label>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={!meron.trim() || !wala.trim()}
            >
              {t('games.cockfight.create', { n: (current?.number ?? 0) + 1 })}
            </button>
          </form>
        </Can>
      )}
      <h3>{t('games.cockfight.recent')}</h3>
      <table className="table">
        <thead>
          <tr>
            <th>{t('games.cockfight.fightNo')}</th>
            <th>{t('games.cockfight.entries')}</th>
            <th>{t('games.cockfight.statusLabel')}</th>
            <th>{t('games.cockfight.pools')}</th>
          </tr>
        </thead>
        <tbody>
          {arena.fights
            .filter((f) => f.status === 'settled')
            .slice(0, 10)
            .map((f) => (
              <tr
                key={f.id}
                data-testid="fight-row"
                data-fight={f.number}
                data-result={f.result ?? ''}
              >
                <td>#{f.number}</td>
                <td>
                  {f.meron} / {f.wala}
                </td>
                <td>
                  {f.result ? t(`games.cockfight.results.${f.result}`) : '—'}
                  {f.reason && <span className="muted"> · {f.reason}</span>}
                </td>
                <td>
                  <Boards fight={f} compact />
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each merchant's pools and odds on a fight (its exposure). */
function Boards({ fight, compact = false }: { fight: OpsFight; compact?: boolean }) {
  const { t } = useTranslation();
  const entries = Object.entries(fight.boards);
  if (entries.length === 0) return <span className="muted">{t('games.cockfight.noBets')}</span>;
  return (
    <ul className="plain-list" data-testid={`fight-boards-${fight.number}`}>
      {entries.map(([merchant, b]) => (
        <li key={merchant} data-merchant={merchant}>
          <code>{merchant}</code> {t('games.cockfight.meron')}{' '}
          <Amount value={b.meron} currency={b.currency} />
          {!compact && b.meronOdds && <span className="muted"> ({b.meronOdds})</span>} ·{' '}
          {t('games.cockfight.wala')} <Amount value={b.wala} currency={b.currency} />
          {!compact && b.walaOdds && <span className="muted"> ({b.walaOdds})</span>} ·{' '}
          {t('games.cockfight.draw')} <Amount value={b.draw} currency={b.currency} /> ·{' '}
          {t('games.cockfight.bets', { count: b.bets })}
        </li>
      ))}
    </ul>
  );
}

/** Declares a closed fight's result (or cancels a fight) with a reason: every bet settles. */
function DeclareDialog({
  target,
  onClose,
  onDone,
}: {
  target: { arena: string; fight: OpsFight; result: Result } | null;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(
    z.object({
      reason: z
        .string()
        .trim()
        .min(3, t('common.reasonMin', { count: 3 })),
    }),
    { defaultValues: { reason: '' } },
  );
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!target) return;
    try {
      await declareFight(target.arena, target.fight.number, target.result, reason);
      await onDone();
      form.reset({ reason: '' });
      onClose();
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={
        target
          ? t('games.cockfight.declareTitle', {
              n: target.fight.number,
              result: t(`games.cockfight.results.${target.result}`),
            })
          : ''
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="fight-declare">
        <p className="muted">{t('games.cockfight.declareNote')}</p>
        <TextField form={form} name="reason" label={t('common.reason')} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t('common.working') : t('games.cockfight.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
