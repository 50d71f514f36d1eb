import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { Badge, DateTime } from '../../components/display';
import { applyServerError, FormError, TextField, useZodForm } from '../../components/form';
import { ErrorState, LoadingState } from '../../components/states';
import { fetchCrashChain, publishCrashSaltBlock, setCrashSalt } from './originals-api';
import type { OpsCrashChain as OpsCrashChainView } from '@taya/contracts';

const chainKey = ['ops', 'originals', 'crash-chain'] as const;

/**
 * Crash's hash chain and its salt (GAMES.md Appendix C, 9): the terminating hash to publish, then
 * the future Bitcoin block whose hash will be the salt, then that hash once the block is mined.
 * Rounds open only once the salt is set. The chain serves every merchant, so only an operator of
 * all of them takes the two steps.
 */
export function CrashChainCard() {
  const { t } = useTranslation();
  const { operator } = useOperator();
  const chain = useQuery({ queryKey: chainKey, queryFn: ({ signal }) => fetchCrashChain(signal) });
  const everyMerchant = operator?.merchants === null;
  const c = chain.data;
  return (
    <section className="card" data-testid="crash-chain" style={{ marginTop: 16 }}>
      <h2>{t('games.originals.crash.title')}</h2>
      <p className="muted">{t('games.originals.crash.description')}</p>
      {chain.isPending && <LoadingState />}
      {chain.error && <ErrorState error={chain.error} onRetry={() => void chain.refetch()} />}
      {c && (
        <>
          <dl className="details">
            <dt>{t('games.originals.crash.status')}</dt>
            <dd data-testid="crash-chain-status">
              {c.status === 'open' ? (
                <Badge tone="good">{t('games.originals.crash.open')}</Badge>
              ) : (
                <Badge tone="warn">{t(`games.originals.crash.${c.status}`)}</Badge>
              )}{' '}
              {c.saltSandbox && <Badge>{t('games.originals.crash.sandbox')}</Badge>}
            </dd>
            <dt>{t('games.originals.crash.chain')}</dt>
            <dd>
              #{c.chainId} ·{' '}
              {t('games.originals.crash.played', { played: c.played, length: c.length })} ·{' '}
              <DateTime iso={c.createdAt} />
            </dd>
            <dt>{t('games.originals.crash.terminating')}</dt>
            <dd>
              <code className="break" data-testid="crash-chain-terminating">
                {c.terminatingHash}
              </code>
            </dd>
            <dt>{t('games.originals.crash.block')}</dt>
            <dd data-testid="crash-chain-block">{c.saltBlockHeight ?? '—'}</dd>
            <dt>{t('games.originals.crash.salt')}</dt>
            <dd>
              {c.salt === null ? (
                '—'
              ) : (
                <>
                  <code className="break">{c.salt}</code>
                  {c.saltSetAt && (
                    <>
                      {' '}
                      · <DateTime iso={c.saltSetAt} />
                    </>
                  )}
                </>
              )}
            </dd>
          </dl>
          {c.status !== 'open' && (
            <Can action="games.originals.write">
              {everyMerchant ? (
                c.status === 'awaiting-block' ? (
                  <BlockForm chain={c} />
                ) : (
                  <SaltForm chain={c} />
                )
              ) : (
                <p className="muted">{t('games.originals.crash.allMerchants')}</p>
              )}
            </Can>
          )}
        </>
      )}
    </section>
  );
}

function useSaved() {
  const queryClient = useQueryClient();
  return (next: OpsCrashChainView) => queryClient.setQueryData(chainKey, next);
}

const reasonField = (message: string) => z.string().trim().min(10, message);

/** Step one: the height of a block not yet mined, published with the terminating hash. */
function BlockForm({ chain }: { chain: OpsCrashChainView }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const form = useZodForm(
    z.object({
      blockHeight: z
        .string()
        .trim()
        .regex(/^[1-9]\d{0,8}$/, t('games.originals.crash.heightInvalid')),
      reason: reasonField(t('common.reasonMin', { count: 10 })),
    }),
    { defaultValues: { blockHeight: '', reason: '' } },
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      saved(
        await publishCrashSaltBlock({
          chainId: chain.chainId,
          blockHeight: Number(values.blockHeight),
          reason: values.reason,
        }),
      );
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="crash-block-form">
      <TextField
        form={form}
        name="blockHeight"
        label={t('games.originals.crash.blockHeight')}
        hint={t('games.originals.crash.blockHeightHint')}
        inputMode="numeric"
      />
      <TextField form={form} name="reason" label={t('common.reason')} />
      <FormError message={form.formState.errors.root?.server?.message} />
      <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
        {t('games.originals.crash.publish')}
      </button>
    </form>
  );
}

/** Step two: the committed block's hash, once it is mined. */
function SaltForm({ chain }: { chain: OpsCrashChainView }) {
  const { t } = useTranslation();
  const saved = useSaved();
  const form = useZodForm(
    z.object({
      blockHash: z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F]{64}$/, t('games.originals.crash.hashInvalid')),
      reason: reasonField(t('common.reasonMin', { count: 10 })),
    }),
    { defaultValues: { blockHash: '', reason: '' } },
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      saved(
        await setCrashSalt({
          chainId: chain.chainId,
          blockHash: values.blockHash,
          reason: values.reason,
        }),
      );
    } catch (error) {
      applyServerError(form, error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="crash-salt-form">
      <TextField
        form={form}
        name="blockHash"
        label={t('games.originals.crash.blockHash', { height: chain.saltBlockHeight })}
        hint={t('games.originals.crash.blockHashHint')}
        spellCheck={false}
        autoComplete="off"
      />
      <TextField form={form} name="reason" label={t('common.reason')} />
      <FormError message={form.formState.errors.root?.server?.message} />
      <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
        {t('games.originals.crash.setSalt')}
      </button>
    </form>
  );
}
