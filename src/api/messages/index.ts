export { messageEndpoints } from './endpoints'
export { deliverMessageCopy, drainSoon, MESSAGE_QUEUE, MESSAGE_TASK, type MessageCopy } from './delivery'
export { sendDueMessages } from './send'
