import type { PlatformServices } from './platform/services';
import type { AgentServices } from './modules/agents';
import type { CashierServices } from './modules/cashier';
import type { ContentServices } from './modules/content';
import type { GamesServices } from './modules/games';
import type { IdentityServices } from './modules/identity';
import type { JackpotServices } from './modules/jackpot';
import type { LotteryServices } from './modules/lottery';
import type { MissionServices } from './modules/missions';
import type { OperatorServices } from './modules/operators';
import type { OriginalServices } from './modules/originals';
import type { LiveServices } from './modules/live';
import type { CockfightServices } from './modules/cockfight';
import type { SportsbookServices } from './modules/sportsbook';
import type { PlayServices } from './modules/play';
import type { PlayerServices } from './modules/players';
import type { PointServices } from './modules/points';
import type {
  PromotionServices,
  RedEnvelopeServices,
  ReferralServices,
} from './modules/promotions';
import type { SupportServices } from './modules/support';
import type { SystemServices } from './modules/system';
import type { UploadServices } from './modules/uploads';
import type { VipServices } from './modules/vip';
import type { WalletServices } from './modules/wallet';

/** Every service of the app by name: the platform's and each module's public ones. */
export interface Services
  extends
    PlatformServices,
    SystemServices,
    VipServices,
    IdentityServices,
    WalletServices,
    UploadServices,
    CashierServices,
    JackpotServices,
    PlayServices,
    GamesServices,
    ContentServices,
    SupportServices,
    AgentServices,
    PromotionServices,
    RedEnvelopeServices,
    ReferralServices,
    PointServices,
    MissionServices,
    LotteryServices,
    OperatorServices,
    OriginalServices,
    LiveServices,
    CockfightServices,
    SportsbookServices,
    PlayerServices {}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
