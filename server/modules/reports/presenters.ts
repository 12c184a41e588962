export { suspensionOf as presentSuspension } from '../auth';
