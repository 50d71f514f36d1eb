import type { CrashEvent } from '@taya/contracts';
import { Broadcast } from '../../../platform/live-socket';

/** The crash feed in this process: the runner and the bet routes publish, the WebSocket route's sockets listen. */
export class CrashFeed extends Broadcast<CrashEvent> {}
