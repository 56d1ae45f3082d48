// The first stage of loading the app (main.tsx): React and React DOM, evaluated in a task of
// their own. What is exported does not matter; importing it makes the bundler put these
// libraries in this chunk, which boot.tsx then shares instead of evaluating them again.
export { hydrateRoot } from 'react-dom/client';
