import { mount } from 'svelte'
import App from './App.svelte'
import { createAppState, startAppState } from './state/app-state.svelte'
import './styles/global.css'

const target = document.getElementById('app')
if (!target) throw new Error('missing #app')
// Requests before rendering: the engine answers while the shell is being built.
const app = createAppState()
startAppState(app)
export default mount(App, { target, props: { app } })
