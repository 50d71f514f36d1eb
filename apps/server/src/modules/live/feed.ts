import type { LiveEvent } from '@taya/contracts';
import { Broadcast } from '../../platform/live-socket';

/** Every live table's events in this process: the runner and the bet route publish, the WebSocket route's sockets listen. */
export class LiveFeed extends Broadcast<LiveEvent> {}
