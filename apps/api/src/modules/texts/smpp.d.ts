/** The few parts of npm `smpp` (0.5, no types of its own) the SMPP adapter and its test server use. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(fields?: Record<string, unknown>): PDU;
  }

  export interface Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void): boolean;
    bind_transceiver(fields: Record<string, unknown>, callback: (pdu: PDU) => void): boolean;
    submit_sm(fields: Record<string, unknown>, callback: (pdu: PDU) => void): boolean;
    unbind(callback: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { url: string; connectTimeout?: number }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSUBMITFAIL: number;
  export const ESME_RTHROTTLED: number;
}
