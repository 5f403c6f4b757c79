import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last-resort boundary. The usual cause in production is a new release replacing the lazy chunks
 * this tab still points at; reloading fetches the new ones. Plain markup (no antd Result or Typography) keeps
 * the entry chunk small.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="nl-center-page" role="alert">
      <img src="/netloom-mark.svg" alt="" width={40} height={40} />
      <h1 className="nl-center-title">{notFound ? 'Page not found' : 'This page could not be loaded'}</h1>
      <p className="nl-center-text">
        {notFound
          ? 'The address does not match any page of the console.'
          : 'The console may have been updated while this tab was open. Reload to continue.'}
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
