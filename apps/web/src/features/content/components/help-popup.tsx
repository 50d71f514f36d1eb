import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpArticle } from '@taya/contracts';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { PageLoader } from '../../../components/page-loader';
import { useHelpCentre } from '../api/get-help-centre';
import { sanitiseHelpHtml } from '../../../lib/help-html';
import { LoadError } from './load-error';

/**
 * The topic a /help address opens: `#term` (the log-in popup's terms link) and `#terms` open the
 * terms; `#aboutus`, `#deposit`, … open that topic; anything else the list of topics.
 */
export function helpTagFromHash(hash: string): string | null {
  const anchor = decodeURIComponent(hash.replace(/^#/, '')).toLowerCase();
  if (!anchor) return null;
  return anchor === 'term' ? 'terms' : anchor;
}

/** Operator HTML, cleaned to simple formatting before it reaches the page. */
function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseHelpHtml(html), [html]);
  return (
    <div className="help-article-body" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}

function Question({ item }: { item: HelpArticle }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <li className="help-question" data-testid="help-question">
      <h4 className="help-question-heading">
        <button
          type="button"
          className="help-question-toggle"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <span dir="auto">{item.title}</span>
          <span className="help-chevron" aria-hidden="true">
            <Icon name="chevronDown" size={16} />
          </span>
        </button>
      </h4>
      {open ? (
        <div id={bodyId} className="help-question-body">
          <ArticleBody html={item.content} />
        </div>
      ) : null}
    </li>
  );
}

function Article({ article, onBack }: { article: HelpArticle; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <article className="help-article" data-testid="help-article" data-tag={article.tag}>
      <button type="button" className="button button-secondary help-back" onClick={onBack}>
        <Icon name="chevronLeft" size={16} />
        {t('help.all_topics')}
      </button>
      <h3 className="help-article-title" dir="auto">
        {article.title}
      </h3>
      <ArticleBody html={article.content} />
      {article.children.length > 0 ? (
        <ul className="help-questions" aria-label={t('help.questions')}>
          {article.children.map((child) => (
            <Question key={child.id} item={child} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/**
 * The help centre (SPEC §2, /help): the merchant's topics, each opening its article with its
 * questions; `initialTag` opens one topic straight away (/help#term, /help#deposit, …).
 */
export function HelpPopup({
  initialTag,
  onClose,
}: {
  initialTag: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const help = useHelpCentre();
  const [chosen, setChosen] = useState<string | null>(null);
  const [showList, setShowList] = useState(false);

  const topics = help.data ?? [];
  const wanted = showList ? null : (chosen ?? initialTag);
  const article = wanted
    ? (topics.find((a) => a.id === wanted) ?? topics.find((a) => a.tag === wanted) ?? null)
    : null;

  let body;
  if (help.isPending) body = <PageLoader />;
  else if (help.isError) {
    body = <LoadError error={help.error} onRetry={() => void help.refetch()} />;
  } else if (article) {
    body = (
      <Article
        article={article}
        onBack={() => {
          setChosen(null);
          setShowList(true);
        }}
      />
    );
  } else if (topics.length === 0) {
    body = <p className="muted">{t('help.empty')}</p>;
  } else {
    body = (
      <ul className="help-topics" aria-label={t('help.topics')}>
        {topics.map((topic) => (
          <li key={topic.id}>
            <button
              type="button"
              className="help-topic"
              data-tag={topic.tag}
              onClick={() => {
                setChosen(topic.id);
                setShowList(false);
              }}
            >
              <span dir="auto">{topic.title}</span>
              <Icon name="chevronRight" size={16} />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal
      title={article?.tag === 'terms' ? t('popups.terms_title') : t('popups.help_title')}
      onClose={onClose}
      className="modal-wide"
      testId="help-popup"
    >
      {body}
    </Modal>
  );
}
