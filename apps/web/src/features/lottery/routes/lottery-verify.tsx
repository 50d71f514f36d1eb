import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LotteryResultWire, LotteryVerify } from '@taya/contracts';
import { checkHouseDraw, vnLayout, type NumberFormat } from '@taya/games';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths, searchParams } from '../../../lib/paths';
import { useLotteryMenu } from '../api/get-lottery-menu';
import { useLotteryVerify } from '../api/get-lottery-verify';
import { ResultView } from '../components/result-view';

/** Which draw a game's results come from, by its family (and region, for Vietnam). */
function drawFormat(gameCode: string, result: LotteryResultWire | null): NumberFormat | null {
  if (!result) return null;
  switch (result.kind) {
    case 'ELOTT':
      return { kind: 'ELOTT', digits: 5 };
    case 'SEA_4D':
      return { kind: 'SEA_4D', starters: 10, consolations: 10 };
    case 'THAI':
      return { kind: 'THAI', firstDigits: 6, bottomDigits: 2 };
    case 'VN': {
      // The northern draw's special prize has five digits, the central and southern six.
      const region =
        gameCode === 'VN_NORTH' || result.prizes.special?.[0]?.length === 5 ? 'north' : 'south';
      return { kind: 'VN', region, layout: vnLayout(region) };
    }
    case 'cancelled':
      return null;
  }
}

/**
 * The verify page (/lotteryVerify?gameCode=&issue=): an issue's published commitment, revealed
 * seed and result, and the result recomputed here in the browser from the seed, so nobody has to
 * take the site's word for it.
 */
export function LotteryVerifyRoute() {
  const { t } = useTranslation();
  const titleId = useId();
  const [query, setQuery] = useSearchParams();
  const gameCode = query.get(searchParams.gameCode);
  const issueId = query.get(searchParams.issue);
  const [issueText, setIssueText] = useState(issueId ?? '');
  const verify = useLotteryVerify(gameCode, issueId);
  const menu = useLotteryMenu();
  const title = t('lottery.verify.title');
  useDocumentTitle(title);

  let body;
  if (!gameCode || !issueId) body = null;
  else if (verify.isPending) body = <PageLoader />;
  else if (verify.isError) {
    body = (
      <LoadError
        error={verify.error}
        onRetry={() => void verify.refetch()}
        retryLabel={t('lottery.retry')}
      />
    );
  } else body = <VerifyDetails data={verify.data} />;

  return (
    <section className="lottery-verify-page" aria-labelledby={titleId} data-testid="lottery-verify">
      <h1 id={titleId} className="member-title">
        {title}
      </h1>
      <p className="muted">{t('lottery.verify.intro')}</p>
      <form
        className="lottery-verify-form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setQuery({
            [searchParams.gameCode]: String(form.get('gameCode') ?? ''),
            [searchParams.issue]: issueText.trim(),
          });
        }}
      >
        <label className="field">
          <span className="field-label">{t('lottery.results.game')}</span>
          <div className="field-control">
            <select className="field-input" name="gameCode" defaultValue={gameCode ?? ''}>
              {(menu.data?.games ?? []).map((g) => (
                <option key={g.gameCode} value={g.gameCode}>
                  {t(`lottery.games.${g.gameCode}`, { defaultValue: g.name })}
                </option>
              ))}
              {gameCode && !menu.data?.games.some((g) => g.gameCode === gameCode) ? (
                <option value={gameCode}>{gameCode}</option>
              ) : null}
            </select>
          </div>
        </label>
        <label className="field">
          <span className="field-label">{t('lottery.verify.issue')}</span>
          <div className="field-control">
            <input
              className="field-input"
              value={issueText}
              placeholder="20261124-0001"
              onChange={(event) => setIssueText(event.target.value)}
            />
          </div>
        </label>
        <button type="submit" className="button button-primary">
          {t('lottery.verify.check')}
        </button>
      </form>
      {body}
      {gameCode ? (
        <Link className="button button-secondary" to={paths.lotteryResults.href(gameCode)}>
          {t('lottery.results.all')}
        </Link>
      ) : null}
    </section>
  );
}

function VerifyDetails({ data }: { data: LotteryVerify }) {
  const { t } = useTranslation();
  const houseSource = data.resultSource === 'house' || data.resultSource === 'house_demo';
  // The same draw and check the server runs (packages/games), computed here from the seed.
  const check = useMemo(() => {
    const numberFormat = drawFormat(data.gameCode, data.result);
    if (!data.seed || !data.result || !numberFormat || !houseSource) return null;
    return checkHouseDraw({ numberFormat }, data.commitment, data.seed, data.issueId, data.result);
  }, [data, houseSource]);

  let verdict;
  if (!houseSource && data.result) {
    verdict = (
      <p className="lottery-verdict" data-testid="verify-verdict">
        {t('lottery.verify.not_house', {
          source: data.resultSource ? t(`lottery.sources.${data.resultSource}`) : '',
        })}
      </p>
    );
  } else if (!data.seed || !data.result) {
    verdict = (
      <p className="lottery-verdict" data-testid="verify-verdict">
        {t('lottery.verify.not_yet')}
      </p>
    );
  } else if (!check) {
    verdict = <PageLoader />;
  } else {
    verdict = (
      <p
        className={check.verified ? 'lottery-verdict is-good' : 'lottery-verdict is-bad'}
        role="status"
        data-testid="verify-verdict"
      >
        {check.verified
          ? t('lottery.verify.ok')
          : !check.commitmentMatches
            ? t('lottery.verify.bad_commitment')
            : t('lottery.verify.bad_result')}
      </p>
    );
  }

  return (
    <div className="panel lottery-verify-details">
      <dl className="lottery-verify-facts">
        <div>
          <dt>{t('lottery.verify.issue')}</dt>
          <dd>{data.issueId}</dd>
        </div>
        <div>
          <dt>{t('lottery.verify.commitment')}</dt>
          <dd className="lottery-hex" data-testid="verify-commitment">
            {data.commitment}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.verify.seed')}</dt>
          <dd className="lottery-hex" data-testid="verify-seed">
            {data.seed ?? t('lottery.verify.seed_hidden')}
          </dd>
        </div>
        {check?.computedCommitment ? (
          <div>
            <dt>{t('lottery.verify.computed_commitment')}</dt>
            <dd className="lottery-hex" data-testid="verify-computed-commitment">
              {check.computedCommitment}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('lottery.verify.published')}</dt>
          <dd data-testid="verify-published">
            {data.result ? <ResultView result={data.result} /> : t('lottery.verify.not_drawn')}
          </dd>
        </div>
        {check?.computedResult ? (
          <div>
            <dt>{t('lottery.verify.recomputed')}</dt>
            <dd data-testid="verify-recomputed">
              <ResultView result={check.computedResult} />
            </dd>
          </div>
        ) : null}
      </dl>
      {verdict}
      <details className="lottery-verify-method">
        <summary>{t('lottery.verify.how')}</summary>
        <p>{t('lottery.verify.method')}</p>
      </details>
    </div>
  );
}
