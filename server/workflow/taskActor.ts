// The actor and their people belong to the task policy (server/policies), which every rule
// of who may do what reads; this module keeps the name the other areas import them by.
export { loadSubordinates, loadTeam, type TaskActor } from '../policies/taskActor';
