// The billing module's public face: other modules import only from here (eslint enforces it).
export { assertWithinLimit } from './limits';
export { listPlans } from './billing.service';
export { trialStatusOf } from './trial.service';
