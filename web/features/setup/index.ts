// The setup feature's public face: other features import only from here (eslint enforces it).
export { SETUP_STEP_INFO } from './setup-steps';
