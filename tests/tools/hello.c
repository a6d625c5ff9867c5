/* A plain program built through mishmemcc; it does not call the library. */
#include <stdio.h>

#ifndef GREETING
#define GREETING "hello"
#endif

int main(void)
{
    puts(GREETING);
    return 0;
}
