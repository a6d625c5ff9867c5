/* Named like the MPI plugin, but without its entry function. */
__attribute__((visibility("default"))) int mishmem_not_a_plugin(void) { return 0; }
