import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LotteryResultWire, LotteryVerify } from '@taya/contracts';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { paths, searchParams } from '../../../lib/paths';
import { useLotteryMenu } from '../api/get-lottery-menu';
import { useLotteryVerify } from '../api/get-lottery-verify';
import { ResultView } from '../components/result-view';
import { verifyHouseDraw, type DrawFormat, type HouseResult, type Verification } from '../lib/draw';

/** Which draw a game's results come from, by its family (and region, for Vietnam). */
function drawFormat(gameCode: string, result: LotteryResultWire | null): DrawFormat | null {
  if (!result) return null;
  switch (result.kind) {
    case 'ELOTT':
      return 'ELOTT';
    case 'SEA_4D':
      return 'SEA_4D';
    case 'THAI':
      return 'THAI';
    case 'VN':
      // The northern draw's special prize has five digits, the central and southern six.
      return gameCode === 'VN_NORTH' || result.prizes.special?.[0]?.length === 5
        ? 'VN_NORTH'
        : 'VN_SOUTH';
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
  const format = drawFormat(data.gameCode, data.result);
  const houseSource = data.resultSource === 'house' || data.resultSource === 'house_demo';
  const [check, setCheck] = useState<Verification | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!data.seed || !data.result || !format || !houseSource) return;
    let live = true;
    verifyHouseDraw(
      format,
      data.commitment,
      data.seed,
      data.issueId,
      data.result as HouseResult,
    ).then(
      (outcome) => {
        if (live) setCheck(outcome);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [data, format, houseSource]);

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
  } else if (failed) {
    verdict = (
      <p className="lottery-verdict is-bad" role="alert" data-testid="verify-verdict">
        {t('lottery.verify.no_crypto')}
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
