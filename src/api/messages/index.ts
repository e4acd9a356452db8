export { messageEndpoints } from './endpoints'
export { deliverMessageCopy, drainSoon, MESSAGE_QUEUE, MESSAGE_TASK, type MessageCopy } from './delivery'
export { createMessage, sendDueMessages } from './send'
