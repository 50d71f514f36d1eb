import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { avatarIds, type SystemStatusValue } from '@taya/contracts';
import { AvatarTile } from '../../../components/avatar-tile';
import { Icon, type IconName } from '../../../components/icon';
import { memberTabs, paths } from '../../../lib/paths';
import { isAgentType, trialCustomerType, useCustomerType } from '../../../lib/session';
import { useMemberInfo } from '../../../lib/member-info';
import { ChangePasswordPopup } from './change-password-popup';
import { SignOutDialog } from './sign-out-dialog';

type Dialog = 'sign-out' | 'change-password';

/** SPEC §2: the account menu's member-centre pages, in the spec's order. */
const accountMenuTabs = [
  { tab: memberTabs.vipLevel, icon: 'crown', label: 'header.vip_level' },
  { tab: memberTabs.bettingRecord, icon: 'receipt', label: 'header.betting_record' },
  { tab: memberTabs.accountRecord, icon: 'swap', label: 'header.account_record' },
  { tab: memberTabs.profit, icon: 'chart', label: 'header.profit' },
  { tab: memberTabs.rewardCenter, icon: 'gift', label: 'header.reward_centre' },
  { tab: memberTabs.myAccount, icon: 'lock', label: 'header.my_account' },
] as const satisfies readonly { tab: string; icon: IconName; label: string }[];

/**
 * The header's logged-in corner (SPEC §2): account name and avatar (with the VIP label only when
 * the account has one), and a menu with the member centre, the agent centre for agents, change
 * password and sign out. Trial players get a Trial badge and a way to register for real.
 * `rewardBadge` (the count of rewards waiting, another feature's) sits on the reward-centre item.
 */
export function AccountMenu({
  status,
  rewardBadge,
}: {
  status: SystemStatusValue;
  rewardBadge?: ReactNode;
}) {
  const { t } = useTranslation();
  const member = useMemberInfo();
  const sessionType = useCustomerType();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const info = member.data;
  const type = info?.type ?? sessionType;
  const trial = type === trialCustomerType;
  const agent = isAgentType(type);
  const name = info ? info.account : member.isError ? t('account.my_account') : null;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const openDialog = (next: Dialog) => {
    setOpen(false);
    setDialog(next);
  };
  const closeDialog = () => {
    setDialog(null);
    buttonRef.current?.focus();
  };

  return (
    <div className="account" ref={containerRef}>
      {trial ? (
        <>
          <span className="badge badge-trial" data-testid="trial-badge">
            {t('account.trial')}
          </span>
          <Link to={paths.register.href()} className="button button-primary">
            {t('account.register_real')}
          </Link>
        </>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The name holds every word the button shows (VIP label, account name), so a voice-control
        // user can say what they see.
        aria-label={
          name
            ? t('account.menu_label', {
                name: [info?.clubLabel?.labelName, name].filter(Boolean).join(' '),
              })
            : t('account.my_account')
        }
        onClick={() => setOpen((value) => !value)}
      >
        {/* The initial is drawn by CSS (data-initial), not written: it is a picture here. */}
        <span
          className="avatar"
          aria-hidden="true"
          data-initial={info?.icon ? undefined : name?.trim().charAt(0).toUpperCase()}
        >
          {info?.icon && avatarIds.includes(info.icon) ? (
            <AvatarTile id={info.icon} size={32} />
          ) : info?.icon ? (
            <img src={info.icon} alt="" />
          ) : name ? null : (
            <Icon name="user" size={18} />
          )}
        </span>
        {info?.clubLabel ? (
          <span className="vip-label" data-testid="vip-label">
            {info.clubLabel.labelName}
          </span>
        ) : null}
        <span className="account-name" data-testid="account-name" aria-busy={name === null}>
          {name ?? '…'}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <div id={menuId} className="account-menu">
          <ul>
            {!trial ? (
              <li>
                <Link to={paths.member.href()} onClick={() => setOpen(false)}>
                  <Icon name="user" size={18} />
                  <span>{t('header.member_centre')}</span>
                </Link>
              </li>
            ) : null}
            {!trial
              ? accountMenuTabs.map((item) => (
                  <li key={item.tab}>
                    <Link to={paths.member.href(item.tab)} onClick={() => setOpen(false)}>
                      <Icon name={item.icon} size={18} />
                      <span>{t(item.label)}</span>
                      {item.tab === memberTabs.rewardCenter ? rewardBadge : null}
                    </Link>
                  </li>
                ))
              : null}
            {agent ? (
              <li>
                <Link to={paths.agentHome.href()} onClick={() => setOpen(false)}>
                  <Icon name="shield" size={18} />
                  <span>{t('screens.agent_centre')}</span>
                </Link>
              </li>
            ) : null}
            {!trial ? (
              <li>
                <button type="button" onClick={() => openDialog('change-password')}>
                  <Icon name="lock" size={18} />
                  <span>{t('auth.change_password_title')}</span>
                </button>
              </li>
            ) : null}
            <li>
              <button type="button" onClick={() => openDialog('sign-out')}>
                <Icon name="logout" size={18} />
                <span>{t('account.sign_out')}</span>
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      {dialog === 'sign-out' ? <SignOutDialog onClose={closeDialog} /> : null}
      {dialog === 'change-password' ? (
        <ChangePasswordPopup
          status={status}
          onClose={closeDialog}
          onDone={() => {
            setDialog(null);
            void navigate(paths.home.href());
          }}
        />
      ) : null}
    </div>
  );
}
