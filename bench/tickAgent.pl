#!/usr/bin/perl
# A tiny raw ACP agent for the fan-out benchmark (a few MB each, so 200 fit on a laptop):
# answers initialize and session/new; on session/prompt sends TICKS agent_message_chunk
# updates, one every INTERVAL seconds, each stamped with the wall-clock send time in ms
# (_meta.t), then ends the turn. Each agent starts at a random phase within INTERVAL. Usage: tickAgent.pl TICKS INTERVAL
use strict;
use warnings;
use Time::HiRes qw(time sleep);

$| = 1;
my ($ticks, $interval) = @ARGV ? @ARGV : (20, 0.05);
while (my $line = <STDIN>) {
  next unless $line =~ /"method"\s*:\s*"([^"]+)"/;
  my $method = $1;
  next unless $line =~ /"id"\s*:\s*(\d+)/;
  my $id = $1;
  if ($method eq 'initialize') {
    print qq({"jsonrpc":"2.0","id":$id,"result":{"protocolVersion":1,"agentCapabilities":{},"authMethods":[]}}\n);
  } elsif ($method eq 'session/new') {
    print qq({"jsonrpc":"2.0","id":$id,"result":{"sessionId":"tick-1"}}\n);
  } elsif ($method eq 'session/prompt') {
    # A random phase, so that 200 agents do not tick in lockstep (real agents do not).
    sleep(rand($interval));
    for my $i (1 .. $ticks) {
      my $t = sprintf('%.3f', time() * 1000);
      print qq({"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"tick-1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"t$i "},"_meta":{"t":$t}}}}\n);
      sleep($interval) if $i < $ticks;
    }
    print qq({"jsonrpc":"2.0","id":$id,"result":{"stopReason":"end_turn"}}\n);
  } else {
    print qq({"jsonrpc":"2.0","id":$id,"error":{"code":-32601,"message":"Method not found"}}\n);
  }
}
