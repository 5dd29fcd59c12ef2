/* "Keep this book offline": the book's service worker (service-worker.js) keeps every file of the
   book, and a progress bar shows how far it is. Loaded when the button is first pressed. */
import { element } from './pages.js';

let progress, status;

export async function keep(opener, say) {
  if (opener.getAttribute('aria-disabled') == 'true') return;
  progress ||= element('progress', { 'data-folio': 'offline-progress', 'aria-label': say('keeping-offline'), max: 1, value: 0 });
  status ||= element('p', { 'data-folio': 'offline-status', role: 'status' });
  opener.after(progress, status);
  opener.setAttribute('aria-disabled', true);
  status.textContent = say('keeping-offline');
  // No registration: the worker could not be installed, and would never be ready.
  const registration = (await navigator.serviceWorker.getRegistration()) && (await navigator.serviceWorker.ready);
  const kept = registration && await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      if (data.of) [progress.max, progress.value] = [data.of, data.kept];
      if (data.done || data.failed) resolve(!!data.done);
    };
    registration.active.postMessage('keep', [channel.port2]);
  });
  status.textContent = say(kept ? 'kept-offline' : 'offline-failed');
  opener.setAttribute('aria-disabled', false);
}
