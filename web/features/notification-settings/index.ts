// The notification-settings feature's public face: other features import only from here (eslint enforces it).
export { NotificationsTab } from './components/notifications-tab';
