import type { BingoEvent } from '@taya/contracts';
import { Broadcast } from '../../../platform/live-socket';

/** The bingo feed in this process: the runner publishes, the WebSocket route's sockets listen. */
export class BingoFeed extends Broadcast<BingoEvent> {}
