import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RouterNavigator } from './RouterNavigator';

/** Props of {@link NavigatorBridge}. */
export interface NavigatorBridgeProps {
  /** The navigator the stores use. */
  navigator: RouterNavigator;
}

/** Lends react-router's navigate to the stores' navigator while the router is mounted. */
export function NavigatorBridge({ navigator }: NavigatorBridgeProps) {
  const navigate = useNavigate();
  useLayoutEffect(() => navigator.attach(navigate), [navigator, navigate]);
  return null;
}
