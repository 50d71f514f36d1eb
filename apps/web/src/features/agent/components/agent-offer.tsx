import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icon';

const offers = [
  { icon: 'gift', title: 'agent.materials_title', body: 'agent.materials_body' },
  { icon: 'user', title: 'agent.guidance_title', body: 'agent.guidance_body' },
  { icon: 'ticket', title: 'agent.reports_title', body: 'agent.reports_body' },
] as const satisfies readonly { icon: IconName; title: string; body: string }[];

/** The three things the agent programme promises (SPEC §2, agent landing page). */
export function AgentOffer() {
  const { t } = useTranslation();
  return (
    <section className="agent-offer" aria-labelledby="agent-offer-heading">
      <h2 id="agent-offer-heading">{t('agent.offer_heading')}</h2>
      <ul className="offer-list">
        {offers.map((offer) => (
          <li key={offer.title} className="offer-card">
            <span className="offer-icon">
              <Icon name={offer.icon} size={28} />
            </span>
            <h3>{t(offer.title)}</h3>
            <p className="muted">{t(offer.body)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
