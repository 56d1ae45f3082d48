// The second stage of loading the app (main.tsx): the router and the toast's Radix parts, in a
// task of their own, after React's and before the app's.
export { BrowserRouter } from 'react-router';
export { ToastProvider } from '@radix-ui/react-toast';
