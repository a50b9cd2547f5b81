"""A connection's queue wakes its writer whichever thread sends: the views of
a change made on one event loop reach a socket opened on another."""

import asyncio
import threading

from guandan.web.rooms import Connection


def test_a_message_sent_from_another_thread_wakes_the_writer():
    received = []
    ready = threading.Event()
    holder = {}

    async def writer():
        holder["connection"] = Connection("p1")  # opened on this thread's loop
        ready.set()
        while True:
            message = await holder["connection"].queue.get()
            if message is None:
                return
            received.append(message)

    thread = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(writer(), timeout=10)))
    thread.start()
    assert ready.wait(5)
    connection = holder["connection"]
    connection.send({"type": "chat", "n": 1})  # from this thread: no loop running here
    connection.send({"type": "chat", "n": 2})
    for _ in range(200):  # the writer wakes and takes both (a lost wake-up waits forever)
        if len(received) == 2:
            break
        threading.Event().wait(0.01)
    assert received == [{"type": "chat", "n": 1}, {"type": "chat", "n": 2}]
    connection.close()  # closing from here ends the writer too
    thread.join(5)
    assert not thread.is_alive(), "the writer never saw the close"
