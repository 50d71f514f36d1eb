import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registrationPatterns, type OpsFieldRule } from '@taya/contracts';
import { Can } from '../../auth/can';
import { useOperator } from '../../auth/operator-context';
import { DataTable, type ColumnDef } from '../../components/data-table';
import { Badge } from '../../components/display';
import { PageHeader } from '../../components/page-header';
import { FieldRuleDialog } from './field-rule-dialog';
import { fetchFieldRules } from './settings-api';

/**
 * `/console/system/registration-rules`: how the player site checks each registration and profile
 * field of the merchant (on, required, length, pattern); the registration form follows a change
 * within seconds.
 */
export default function RegistrationRulesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const merchantCode = useOperator().operator?.merchantCode ?? '';
  const [editing, setEditing] = useState<OpsFieldRule | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'system', 'register-rules', merchantCode],
    queryFn: ({ signal }) => fetchFieldRules(merchantCode, signal),
    enabled: merchantCode !== '',
  });

  const columns = useMemo<ColumnDef<OpsFieldRule, never>[]>(
    () => [
      {
        id: 'field',
        header: t('system.rules.field'),
        cell: ({ row }) => <code>{row.original.field}</code>,
      },
      {
        id: 'form',
        header: t('system.rules.form'),
        cell: ({ row }) =>
          row.original.registration ? t('system.rules.registration') : t('system.rules.profile'),
      },
      {
        id: 'state',
        header: t('system.rules.state'),
        cell: ({ row }) =>
          !row.original.enabled ? (
            <Badge tone="neutral">{t('system.rules.off')}</Badge>
          ) : row.original.required ? (
            <Badge tone="warn">{t('system.rules.requiredBadge')}</Badge>
          ) : (
            <Badge tone="good">{t('system.rules.optional')}</Badge>
          ),
      },
      {
        id: 'length',
        header: t('system.rules.length'),
        meta: { className: 'num' },
        cell: ({ row }) =>
          row.original.minLength === row.original.maxLength
            ? String(row.original.minLength)
            : `${row.original.minLength}–${row.original.maxLength}`,
      },
      {
        id: 'pattern',
        header: t('system.rules.pattern'),
        cell: ({ row }) => {
          const kind = registrationPatterns.find((p) => p.id === row.original.patternId)?.kind;
          return kind ? t(`system.patterns.${kind}`) : `#${row.original.patternId}`;
        },
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <Can action="system.write">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing(row.original)}
              aria-label={t('system.rules.editLabel', { field: row.original.field })}
            >
              {t('system.rules.edit')}
            </button>
          </Can>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <PageHeader
        title={t('system.rules.title')}
        description={t('system.rules.description', { merchant: merchantCode })}
      />
      <DataTable
        label={t('system.rules.title')}
        testId="field-rules-table"
        columns={columns}
        rows={list.data}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.field}
        emptyText={t('system.rules.empty')}
      />
      {editing && (
        <FieldRuleDialog
          merchantCode={merchantCode}
          rule={editing}
          onClose={() => setEditing(null)}
          onSaved={() =>
            client.invalidateQueries({ queryKey: ['ops', 'system', 'register-rules'] })
          }
        />
      )}
    </div>
  );
}
